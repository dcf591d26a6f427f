import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../components/testing';
import { FlowDiagram } from './FlowDiagram';
import { flowEntry } from './flowCatalog';
import type { FlowView } from './graph/flowTexts';

const login = flowEntry('login');
const stateButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const noop = () => {};

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
    const { container } = renderUi(
      <FlowDiagram flow={flow} selected={undefined} onSelect={noop} view="reader" onView={noop} />,
    );
    expect(stateButton('Entering a recovery code').getAttribute('data-uncovered')).toBe('true');
    expect(stateButton('Entering a recovery code').textContent).toContain('(no model path enters it)');
    expect(stateButton('Entering the one-time code').getAttribute('data-uncovered')).toBeNull();
    const red = container.querySelectorAll('g[data-transition] path[stroke-dasharray]');
    expect([...red].map((arc) => arc.parentElement?.getAttribute('data-transition'))).toEqual([
      `${submit?.key}>0`,
    ]);
    expect(
      container.querySelector('g[data-state="enteringRecoveryCode"] rect')?.getAttribute('stroke-dasharray'),
    ).toBe('5 3');
  });

  it('labels every arc in the reader’s words, and in raw names in the engineer’s view', async () => {
    const onView = vi.fn<(view: FlowView) => void>();
    const { user, container, rerender } = renderUi(
      <FlowDiagram flow={login} selected={undefined} onSelect={noop} view="reader" onView={onView} />,
    );
    const labels = () =>
      [...container.querySelectorAll('g[data-transition] text')].map((text) =>
        [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
      );
    expect(labels()).toContain('Submit (if the code is complete)');
    expect(labels().join(' ')).not.toMatch(/form\.submit|isCodeFormValid/);
    // Every transition of the machine is one labelled arc.
    const arcs = login.definition.transitions.reduce((n, t) => n + Math.max(1, t.targetIds.length), 0);
    expect(labels()).toHaveLength(arcs);
    await user.click(screen.getByRole('checkbox', { name: /Engineer’s view/ }));
    expect(onView).toHaveBeenCalledWith('engineer');
    rerender(
      <FlowDiagram flow={login} selected={undefined} onSelect={noop} view="engineer" onView={onView} />,
    );
    expect(labels()).toContain('form.submit [isCodeFormValid]');
    expect(stateButton('enteringCode')).toBeTruthy();
  });

  it('selects a state with a button (keyboard too) and marks the chosen one', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(
      <FlowDiagram flow={login} selected="enteringCode" onSelect={onSelect} view="reader" onView={noop} />,
    );
    expect(stateButton('Entering the one-time code').getAttribute('aria-current')).toBe('true');
    stateButton('Checking the one-time code').focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('submittingCode');
    // Each state's spec reference is beside it and describes it for assistive technology.
    const described = document.getElementById(
      stateButton('Entering the one-time code').getAttribute('aria-describedby') ?? '',
    );
    expect(described?.textContent).toBe(
      login.definition.states.find((s) => s.path === 'enteringCode')?.description,
    );
  });

  it('zooms in and out within its steps', async () => {
    const { user } = renderUi(
      <FlowDiagram flow={login} selected={undefined} onSelect={noop} view="reader" onView={noop} />,
    );
    expect(screen.getByRole('status').textContent).toBe('100 %');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('status').textContent).toBe('125 %');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('status').textContent).toBe('50 %');
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
