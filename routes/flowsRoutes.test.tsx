import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import report from '../docs/coverage/model.json';
import { machines } from '../machines/registry';
import { heading, renderAt } from './testing';

vi.mock('../api/profile', () => ({ getMe: vi.fn(async () => Promise.reject(new Error('401'))) }));
// No translation server in tests: the gate falls back to the bundled catalog. The explorer calls nothing.
vi.mock('../api/actors', () => ({
  // No WebAuthn in these tests: /login shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  verifyPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  login: fromPromise(async () => Promise.reject(new Error('offline'))),
}));

describe('the flow explorer (/flows)', () => {
  it('lists every machine of the registry with its counts and the coverage of the last model run', async () => {
    renderAt('/root/flows');
    expect(await heading('Flows')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-flow'))).toEqual(Object.keys(machines));
    const login = rows.find((row) => row.getAttribute('data-flow') === 'login');
    const coverage = report.machines.find((row) => row.machine === 'login');
    expect(login?.querySelector('[data-coverage="transitions"] [data-count]')?.textContent).toBe(
      `${coverage?.transitions.covered}/${coverage?.transitions.total}`,
    );
    expect(
      within(login as HTMLElement)
        .getByRole('link', { name: 'login' })
        .getAttribute('href'),
    ).toBe('/root/flows/login');
  });

  it('draws a flow: one button per state, its description beside it', async () => {
    renderAt('/root/flows/login');
    expect(await heading('Flow login')).toBeTruthy();
    const states = screen
      .getAllByRole('button')
      .filter((button) => button.classList.contains('flow-diagram__state'));
    expect(states.map((button) => button.textContent)).toContain('enteringCode');
    expect(states).toHaveLength(Object.keys(machines.login.root.states).length);
    expect(screen.getByText('Choose a state to see its screen.')).toBeTruthy();
  });

  it('opens a linked state with its real screen, reached by the shortest path, and steps back through it', async () => {
    renderAt('/root/flows/login?state=enteringCode');
    const panel = await screen.findByTestId('state-panel', {}, { timeout: 3000 });
    expect(within(panel).getByRole('heading', { level: 2, name: 'State enteringCode' })).toBeTruthy();
    expect(
      await within(panel).findByRole('heading', { level: 1, name: 'Enter your code' }, { timeout: 3000 }),
    ).toBeTruthy();
    // The shown view would title the document as its page; the explorer keeps its own title.
    await waitFor(() => expect(document.title).toBe('Flow login - Account'));
    const count = within(panel).getByTestId('step-count').textContent;
    const [, taken, total] = /Step (\d+) of (\d+)/.exec(count ?? '') ?? [];
    expect(taken).toBe(total);
    await userEvent.click(within(panel).getByRole('button', { name: 'Previous step' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('step-count').textContent).toBe(
        `Step ${Number(total) - 1} of ${total}`,
      ),
    );
    // One step before the code form: the password form, busy with the login call.
    expect(
      await within(panel).findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('opens the step a shared link names (?state=enteringCode&step=2), and keeps stepping from there', async () => {
    renderAt('/root/flows/login?state=enteringCode&step=2');
    const panel = await screen.findByTestId('state-panel', {}, { timeout: 3000 });
    await waitFor(() =>
      expect(within(panel).getByTestId('step-count').textContent).toMatch(/^Step 2 of \d+$/),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Next step' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('step-count').textContent).toMatch(/^Step 3 of \d+$/),
    );
  });

  it('says so when a link names a state the flow does not have', async () => {
    renderAt('/root/flows/login?state=enteringPin');
    expect((await screen.findByTestId('unknown-state')).textContent).toContain(
      'This flow has no state “enteringPin”',
    );
  });

  it('replays a path of the model run by its id (?path=), marked on the diagram', async () => {
    const recorded = report.machines.find((row) => row.machine === 'login')?.paths.at(-1);
    if (!recorded) throw new Error('docs/coverage/model.json has no path of login');
    renderAt(`/root/flows/login?path=${recorded.id}`);
    const panel = await screen.findByTestId('state-panel', {}, { timeout: 3000 });
    expect(
      within(panel).getByRole('heading', { level: 3, name: 'The shared path of the model run' }),
    ).toBeTruthy();
    const total = recorded.events.length;
    expect(within(panel).getByTestId('step-count').textContent).toBe(`Step ${total} of ${total}`);
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThan(total);
    expect(document.querySelectorAll('[data-on-path]').length).toBeGreaterThan(1);
  });

  it('says so when a path id is not one of the last model run', async () => {
    renderAt('/root/flows/login?path=0000000000');
    expect((await screen.findByTestId('unknown-path')).textContent).toContain('no path 0000000000');
  });

  it('shows the screen at a phone width, or the whole panel width', async () => {
    renderAt('/root/flows/login?state=enteringCode');
    const preview = await screen.findByTestId('flow-screen', {}, { timeout: 3000 });
    expect(preview.getAttribute('data-width')).toBe('phone');
    await userEvent.click(within(preview).getByRole('button', { name: 'Desktop width' }));
    expect(preview.getAttribute('data-width')).toBe('desktop');
    expect(within(preview).getByRole('button', { name: 'Desktop width' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows the not-found page for a machine the registry does not have', async () => {
    renderAt('/root/flows/nope');
    expect(await heading('Page not found')).toBeTruthy();
  });
});
