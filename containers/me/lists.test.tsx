import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { login } from '../../api/auth';
import type { UserProfile } from '../../api/contract/profile';
import { organisationUrl } from '../../api/contract/urls';
import { ACCOUNTS, DEMO_PASSWORD } from '../../api/fake/scenarios';
import { getMe } from '../../api/profile';
import { browserSiteEnv } from '../../routes/site/siteEnv';
import { setupFakeApi } from '../../test/fakeApi';
import { MeListsSection } from './lists';

const organisationHref = (subdomain: string) => organisationUrl(subdomain, browserSiteEnv());

const reportFailure = vi.hoisted(() => vi.fn());
vi.mock('../../ui/observability/errorReporting', () => ({ reportFailure }));

const fakeApi = setupFakeApi();
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const showFor = async (email: string, overrides: Partial<UserProfile> = {}) => {
  await login({ email, password: DEMO_PASSWORD });
  const profile = { ...(await getMe()), ...overrides };
  render(
    <I18nProvider i18n={i18n}>
      <MeListsSection profile={profile} organisationHref={organisationHref} />
    </I18nProvider>,
  );
  return profile;
};

const channelCount = () => {
  const name = screen.getByRole('tab', { name: /^Channels/ }).textContent ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1]);
};

describe('MeListsSection (spec 2 Me page, list area, against the fake service)', () => {
  it('staff: loads both lists, offers both creation forms, appends a new channel with its link', async () => {
    await showFor(ACCOUNTS.staff);
    await waitFor(() => expect(channelCount()).toBeGreaterThanOrEqual(0));
    const before = channelCount();
    expect(screen.getByRole('button', { name: 'New organisation' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New channel' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Morning Paper');
    await userEvent.click(screen.getByRole('button', { name: 'Edit subdomain' }));
    await userEvent.clear(screen.getByLabelText(/^Subdomain/));
    await userEvent.type(screen.getByLabelText(/^Subdomain/), 'morning-paper-x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Channel created' });
    expect(screen.getByText('Subdomain: morning-paper-x')).toBeTruthy();
    await waitFor(() => expect(channelCount()).toBe(before + 1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'morning-paper');
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getByRole('link', { name: 'Morning Paper' })).toBeTruthy());
  });

  it('not staff: no organisation button', async () => {
    await showFor(ACCOUNTS.user);
    await waitFor(() => expect(channelCount()).toBeGreaterThan(15));
    expect(screen.queryByRole('button', { name: 'New organisation' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Channel pages' })).toBeTruthy();
  });

  it("staff without organisations: 'add some!' opens the new-organisation form, by keyboard", async () => {
    // The unconfirmed account has no lists; as staff it is offered 'add some!' (spec 2 empty messages).
    await showFor(ACCOUNTS.unconfirmed, { isStaff: true });
    await userEvent.click(screen.getByRole('tab', { name: /^Organisations/ }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(panel.textContent).toContain('You have no organisations yet,'));
    expect(screen.queryByRole('heading', { name: 'New organisation' })).toBeNull();
    within(panel).getByRole('link', { name: 'add some!' }).focus();
    await userEvent.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'New organisation' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Already open: the link takes the user back to the form.
    within(panel).getByRole('link', { name: 'add some!' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(heading);
  });

  it('not staff without organisations: the plain empty message, no link', async () => {
    await showFor(ACCOUNTS.unconfirmed);
    await userEvent.click(screen.getByRole('tab', { name: /^Organisations/ }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(panel.textContent).toContain('You have no organisations yet'));
    expect(within(panel).queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^Channels/ }));
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').textContent).toContain('You have no channels yet'),
    );
  });

  it('a channels load failure is logged and shown quietly with a retry that loads them (never an empty list)', async () => {
    let failing = true;
    fakeApi.use(
      http.get('*/api/channels', () =>
        failing ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : undefined,
      ),
    );
    await showFor(ACCOUNTS.user);
    await screen.findByText(/Your channels could not be loaded\./);
    expect(screen.queryByText('You have no channels yet')).toBeNull();
    expect(reportFailure).toHaveBeenCalledWith('unknown_server_error', { call: 'get channels' });
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(channelCount()).toBeGreaterThan(15));
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});
