import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { SITE_PATHS } from '../api/contract/sitePaths';
import report from '../docs/coverage/model.json';
import { machines } from '../machines/registry';
import { EVERY_PAGE, flowAddresses } from '../ui/flows/flowAddresses';
import { renderAt } from './testing/testing';

/**
 * The explorer's pages load lazily (their chunk, the catalog, the machines): under load that takes seconds, so
 * each test waits for what it needs with a generous bound instead of a fixed short one.
 */
const LOAD = { timeout: 30_000 };
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, LOAD);

vi.mock('../api/profile', () => ({ getMe: vi.fn(async () => Promise.reject(new Error('401'))) }));
// No translation server in tests: the gate falls back to the bundled catalog. The explorer calls nothing.
vi.mock('../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('./testing/offlineActors')).offlineActors(),
  // No WebAuthn in these tests: /login shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  verifyPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  login: fromPromise(async () => Promise.reject(new Error('offline'))),
  loginAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
}));

describe('the flow explorer (/flows)', { timeout: 60_000 }, () => {
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
        .getByRole('link', { name: 'Log-in with password and code' })
        .getAttribute('href'),
    ).toBe('/root/flows/login');
  });

  it('lists the site addresses where each flow runs, and finds the flows of an address', async () => {
    for (const [name, addresses] of Object.entries(flowAddresses))
      for (const address of addresses)
        expect(address === EVERY_PAGE || SITE_PATHS.includes(address), `${name} ${address}`).toBe(true);
    renderAt('/root/flows');
    expect(await heading('Flows')).toBeTruthy();
    const start = screen
      .getAllByRole('row')
      .find((row) => row.getAttribute('data-flow') === 'startByCompanyId');
    expect(
      within(start as HTMLElement)
        .getByRole('link', { name: '/start' })
        .getAttribute('href'),
    ).toMatch(/^\/(root\/)?start$/);
    await userEvent.type(screen.getByRole('searchbox', { name: /Which flow runs at an address/ }), '/start');
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.getAttribute('data-flow')),
      ).toEqual(['language', 'resend', 'startByCompanyId']),
    );
  });

  it('prints an overview: every flow’s diagram in the reader’s words, each in its own sheet', async () => {
    renderAt('/root/flows/overview');
    expect(await heading('All flows')).toBeTruthy();
    const sheets = [...document.querySelectorAll('section.flow-sheet')];
    expect(sheets.map((sheet) => sheet.getAttribute('data-flow'))).toEqual(Object.keys(machines));
    const login = sheets.find((sheet) => sheet.getAttribute('data-flow') === 'login') as HTMLElement;
    const words = [...login.querySelectorAll('g[data-state="enteringCode"] tspan')].map(
      (line) => line.textContent,
    );
    expect(words.join(' ')).toBe('Entering the one-time code');
  });

  it('draws a flow: one button per state, its description beside it', async () => {
    renderAt('/root/flows/login');
    expect(await heading('Log-in with password and code')).toBeTruthy();
    const states = screen
      .getAllByRole('button')
      .filter((button) => button.classList.contains('flow-diagram__state'));
    // In the reader's words, the code name beside it.
    expect(states.map((button) => button.textContent)).toContain('Entering the one-time code');
    expect(screen.getAllByText('enteringCode').length).toBeGreaterThan(0);
    expect(states).toHaveLength(Object.keys(machines.login.root.states).length);
    expect(screen.getByText('Choose a state to see its screen.')).toBeTruthy();
  });

  it('opens a linked state with its real screen, reached by the shortest path, and steps back through it', async () => {
    renderAt('/root/flows/login?state=enteringCode');
    const panel = await screen.findByTestId('state-panel', {}, LOAD);
    expect(within(panel).getByRole('heading', { level: 2, name: 'Entering the one-time code' })).toBeTruthy();
    expect(
      await within(panel).findByRole('heading', { level: 1, name: 'Enter your code' }, LOAD),
    ).toBeTruthy();
    // The shown view would title the document as its page; the explorer keeps its own title.
    await waitFor(() => expect(document.title).toBe('Flow: Log-in with password and code - Account'));
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
    expect(await within(panel).findByRole('heading', { level: 1, name: 'Log in' }, LOAD)).toBeTruthy();
  });

  it('opens the step a shared link names (?state=enteringCode&step=2), and keeps stepping from there', async () => {
    renderAt('/root/flows/login?state=enteringCode&step=2');
    const panel = await screen.findByTestId('state-panel', {}, LOAD);
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

  it('names a step or a language of the link that it cannot use, instead of dropping it without a word', async () => {
    renderAt('/root/flows/login?state=enteringCode&step=two&locale=xx-YY');
    expect((await screen.findByTestId('ignored-step', {}, LOAD)).textContent).toBe(
      'The link’s step “two” is not a step number: the state is shown at its last step.',
    );
    expect(screen.getByTestId('ignored-locale').textContent).toBe(
      'The link’s language “xx-YY” is not one of the site’s: the screens are shown in en-US.',
    );
    const panel = await screen.findByTestId('state-panel', {}, LOAD);
    await waitFor(() =>
      expect(within(panel).getByTestId('step-count').textContent).toMatch(/^Step (\d+) of \1$/),
    );
  });

  it('keeps the view and the zoom in the link, and restores them from it', async () => {
    const { history } = renderAt('/root/flows/login?view=engineer&zoom=150');
    const view = await screen.findByRole('checkbox', { name: /Engineer’s view/ }, LOAD);
    expect((view as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('150 %')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(screen.getByText('125 %')).toBeTruthy());
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toMatchObject({
      view: 'engineer',
      zoom: '125',
    });
    await userEvent.click(view);
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('view')).toBeNull());
    expect(new URLSearchParams(history.location.search).get('zoom')).toBe('125');
  });

  it('replays a path of the model run by its id (?path=), marked on the diagram', async () => {
    const recorded = report.machines.find((row) => row.machine === 'login')?.paths.at(-1);
    if (!recorded) throw new Error('docs/coverage/model.json has no path of login');
    renderAt(`/root/flows/login?path=${recorded.id}`);
    const panel = await screen.findByTestId('state-panel', {}, LOAD);
    expect(
      within(panel).getByRole('heading', { level: 3, name: 'The shared path of the model run' }),
    ).toBeTruthy();
    const total = recorded.events.length;
    expect(within(panel).getByTestId('step-count').textContent).toBe(`Step ${total} of ${total}`);
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThan(total);
    expect(document.querySelectorAll('[data-on-path]').length).toBeGreaterThan(1);
  });

  it('lists the paths of the model run as readable steps, each a link that replays it', async () => {
    const recorded = report.machines.find((row) => row.machine === 'login')?.paths ?? [];
    const last = recorded.at(-1);
    if (!last) throw new Error('docs/coverage/model.json has no path of login');
    renderAt('/root/flows/login');
    expect(await heading('Log-in with password and code')).toBeTruthy();
    await userEvent.click(screen.getByText(`Paths of the last model run (${recorded.length})`));
    const list = await screen.findByTestId('model-paths', {}, LOAD);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      recorded.map((path) => `/root/flows/login?path=${path.id}`),
    );
    // In the diagram's words: the start's title first, no event name, payload or state value.
    for (const link of links) {
      expect(link.textContent).toMatch(/^Entering e-mail and password/);
      expect(link.textContent).not.toMatch(/field\.change|form\.submit|[{}"]|[a-z][A-Z]/);
    }
    await userEvent.click(links.at(-1) as HTMLElement);
    const panel = await screen.findByTestId('state-panel', {}, LOAD);
    expect(
      within(panel).getByRole('heading', { level: 3, name: 'The shared path of the model run' }),
    ).toBeTruthy();
    expect(within(panel).getByTestId('step-count').textContent).toBe(
      `Step ${last.events.length} of ${last.events.length}`,
    );
  });

  it('says so when a path id is not one of the last model run', async () => {
    renderAt('/root/flows/login?path=0000000000');
    expect((await screen.findByTestId('unknown-path')).textContent).toContain('no path 0000000000');
  });

  it('shows the screen at a phone width, or the whole panel width', async () => {
    renderAt('/root/flows/login?state=enteringCode');
    const preview = await screen.findByTestId('flow-screen', {}, LOAD);
    expect(preview.getAttribute('data-width')).toBe('phone');
    await userEvent.click(within(preview).getByRole('button', { name: 'Desktop width' }));
    expect(preview.getAttribute('data-width')).toBe('desktop');
    expect(within(preview).getByRole('button', { name: 'Desktop width' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('names a flow the registry does not have (renamed or removed) above the list of every flow', async () => {
    renderAt('/root/flows/loginFlow');
    expect(await heading('Flows')).toBeTruthy();
    expect((await screen.findByTestId('unknown-flow')).textContent).toBe(
      'There is no flow “loginFlow”: it may have been renamed or removed. Every flow of the site is listed below.',
    );
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(Object.keys(machines).length);
  });
});
