import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlowPage } from './FlowPage';
import { FlowsIndex } from './FlowsIndex';
import { FlowsOverview } from './FlowsOverview';
import { flowEntry } from './flowCatalog';
import { renderIn } from './testing';

const noop = () => {};
const login = flowEntry('login');
const row = (name: string) => document.querySelector(`tr[data-flow="${name}"]`) as HTMLElement;

describe('a flow’s title in the reader’s language (ui/flows/titles/flowTitles.ts)', () => {
  it('/flows: each flow by its title, the machine name small beside it, the spec reference in English', async () => {
    await renderIn(
      'de-DE',
      <FlowsIndex
        renderFlowLink={(name, children) => <a href={`/flows/${name}`}>{children}</a>}
        addressHref={(path) => path}
        overviewLink={null}
        componentsLink={null}
      />,
    );
    const header = within(row('login')).getByRole('rowheader');
    expect(within(header).getByRole('link').textContent).toBe('Anmeldung mit Passwort und Code');
    expect(header.querySelector('code')?.textContent).toBe('login');
    // The source's words, each spec reference a link to its clause.
    const reference = row('login').querySelector('.flows__description');
    expect(reference?.textContent).toBe(login.description);
    expect(reference?.getAttribute('lang')).toBe('en');
    expect(reference?.querySelector('a')?.getAttribute('href')).toBe('/flows/spec#4-login');
    expect(screen.getByRole('columnheader', { name: 'Woher das kommt' })).toBeTruthy();
  });

  it('a flow’s page: headed by its title, the machine name and spec reference secondary', async () => {
    await renderIn(
      'de-DE',
      <FlowPage
        name="login"
        state={undefined}
        step={undefined}
        locale="de-DE"
        onChange={noop}
        backLink={null}
        renderPathLink={(_id, children) => children}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anmeldung mit Passwort und Code');
    expect(screen.getByTestId('flow-code-name').textContent).toBe('Maschine login');
    const source = screen.getByText('Woher das kommt').closest('details');
    expect(source?.open).toBe(false);
    expect(source?.textContent).toContain(login.description);
    expect(document.title).toMatch(/^Ablauf: Anmeldung mit Passwort und Code - /);
    expect(screen.getByRole('region', { name: 'Anmeldung mit Passwort und Code' })).toBeTruthy();
  });

  it('the printed overview: each sheet headed by the flow’s title', async () => {
    await renderIn('de-DE', <FlowsOverview backLink={null} />);
    const sheet = document.querySelector('section[data-flow="login"]') as HTMLElement;
    expect(within(sheet).getByRole('heading', { level: 2 }).textContent).toBe(
      'Anmeldung mit Passwort und Code',
    );
    expect(within(sheet).getByText('login').tagName).toBe('CODE');
    expect(sheet.querySelector('svg title')?.textContent).toBe('Ablauf: Anmeldung mit Passwort und Code');
  });
});
