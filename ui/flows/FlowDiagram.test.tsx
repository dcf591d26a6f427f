import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../components/testing';
import { FlowDiagram } from './FlowDiagram';
import { flowEntry } from './flowCatalog';

const login = flowEntry('login');
const stateButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('FlowDiagram', () => {
  it('marks red the states and transitions the coverage report says no path covers', () => {
    const submit = login.definition.transitions.find((t) => t.eventType === 'form.submit' && t.guard);
    const flow = {
      ...login,
      coverage: {
        machine: 'login',
        states: { covered: 7, total: 8, missing: ['enteringRecoveryCode'] },
        transitions: { covered: 24, total: 25, missing: [{ key: submit?.key ?? '', label: 'form.submit' }] },
        paths: [],
        testFiles: [],
      },
    };
    const { container } = renderUi(<FlowDiagram flow={flow} selected={undefined} onSelect={() => {}} />);
    expect(stateButton('enteringRecoveryCode').getAttribute('data-uncovered')).toBe('true');
    expect(stateButton('enteringRecoveryCode').textContent).toContain('(no model path enters it)');
    expect(stateButton('enteringCode').getAttribute('data-uncovered')).toBeNull();
    const red = container.querySelectorAll('path[data-uncovered]');
    // Arcs are drawn once the rows are measured; happy-dom measures everything at 0, so they are all there.
    expect([...red].map((arc) => arc.querySelector('title')?.textContent)).toEqual([
      'form.submit [isPasswordFormValid]',
    ]);
  });

  it('selects a state with a button (keyboard too) and marks the chosen one', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(<FlowDiagram flow={login} selected="enteringCode" onSelect={onSelect} />);
    expect(stateButton('enteringCode').getAttribute('aria-current')).toBe('true');
    stateButton('submittingCode').focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('submittingCode');
    // Each state's description is beside it and names it for assistive technology.
    const described = document.getElementById(
      stateButton('enteringCode').getAttribute('aria-describedby') ?? '',
    );
    expect(described?.textContent).toBe(
      login.definition.states.find((s) => s.path === 'enteringCode')?.description,
    );
  });

  it('zooms in and out within its steps', async () => {
    const { user } = renderUi(<FlowDiagram flow={login} selected={undefined} onSelect={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('100 %');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('status').textContent).toBe('125 %');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('status').textContent).toBe('75 %');
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
