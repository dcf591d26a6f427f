import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { flowEntry } from './flowCatalog';
import type { FlowView } from './graph/flowTexts';
import { StatePanel } from './StatePanel';
import { renderIn } from './testing';

const login = flowEntry('login');
const noop = () => {};
const description = login.definition.states.find((state) => state.path === 'enteringCode')?.description;

async function renderPanel(view: FlowView, locale: 'en-US' | 'de-DE' = 'en-US') {
  await renderIn(
    locale,
    <StatePanel
      flow={login}
      statePath="enteringCode"
      view={view}
      step={0}
      locale="en-US"
      onStep={noop}
      onLocale={noop}
    />,
  );
  const panel = screen.getByTestId('state-panel');
  const steps = [...within(panel).getByTestId('path-steps').querySelectorAll('li')]
    .slice(1)
    .map((step) => step.textContent ?? '');
  return { panel, steps };
}

describe('StatePanel', () => {
  it('is headed by the state’s title in the reader’s view, its spec reference a detail', async () => {
    const { panel } = await renderPanel('reader');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Entering the one-time code');
    expect(within(panel).queryByText('enteringCode')).toBeNull();
    const source = within(panel).getByText('Where this comes from').closest('details');
    expect(source?.open).toBe(false);
    expect(source?.querySelector('p')?.textContent).toBe(description);
    expect(source?.querySelector('p')?.getAttribute('lang')).toBe('en');
    await userEvent.click(within(panel).getByText('Where this comes from'));
    expect(source?.open).toBe(true);
  });

  it('links each spec reference to its clause, the source’s words kept, in German as in English', async () => {
    const { panel } = await renderPanel('reader', 'de-DE');
    const source = within(panel).getByText('Woher das kommt').closest('details');
    expect(source?.querySelector('p')?.textContent).toBe(description);
    const links = [...(source?.querySelectorAll('a') ?? [])].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['spec 2 Login', '/flows/spec#login'],
      ['spec 5', '/flows/spec#5-validation-rules'],
      [
        'docs/decisions/product.md: Login names the account',
        '/flows/decisions#product-login-names-the-account',
      ],
      ['docs/decisions/security.md: Remember this device', '/flows/decisions#security-remember-this-device'],
    ]);
  });

  it('keeps the code name in the engineer’s view', async () => {
    const { panel } = await renderPanel('engineer');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Entering the one-time code');
    expect(within(panel).getByTestId('state-code-name').textContent).toBe('enteringCode');
  });

  it('names the path’s steps as the diagram does: arc labels and state titles, no event or payload', async () => {
    const { steps } = await renderPanel('reader');
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.join(' | ')).not.toMatch(/field\.change|form\.submit|[{}"]|\w\.\w|[a-z][A-Z]/);
    expect(steps.at(-1)).toMatch(/^The log-in fails .*→ Entering the one-time code$/);
    expect(steps).toContain('Type in a field → Entering e-mail and password');
    expect(steps.some((step) => /^Submit \(if .+\) → Checking e-mail and password$/.test(step))).toBe(true);
  });

  it('shows the raw events and state values in the engineer’s view', async () => {
    const { steps } = await renderPanel('engineer');
    expect(steps.at(-1)).toMatch(/^login failed .*→ enteringCode$/);
    expect(steps.some((step) => step.startsWith('field.change {"field":'))).toBe(true);
  });

  it('speaks German in the reader’s view: title and steps', async () => {
    const { panel, steps } = await renderPanel('reader', 'de-DE');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Einmalcode eingeben');
    expect(within(panel).getByText('Woher das kommt')).toBeTruthy();
    expect(steps.at(-1)).toMatch(/→ Einmalcode eingeben$/);
    expect(steps.join(' | ')).not.toMatch(/field\.change|form\.submit|[{}"]|Type in a field|Submit/);
  });
});
