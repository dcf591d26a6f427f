import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { login } from '../../api/auth';
import type { UserProfile } from '../../api/contract/profile';
import { organisationUrl } from '../../api/contract/urls';
import { ACCOUNTS, DEMO_PASSWORD, VALID_OTP } from '../../api/fake/scenarios';
import { getMe } from '../../api/profile';
import { browserSiteEnv } from '../../routes/site/siteEnv';
import { setupFakeApi } from '../../test/fakeApi';
import type { ChatSupportVendor } from '../../ui/observability/chatSupportData';
import { useMeChatSupport } from './chatSupport';
import { MeListsSection } from './lists';

const organisationHref = (subdomain: string) => organisationUrl(subdomain, browserSiteEnv());

setupFakeApi();
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** The /me wiring: the list area with the chat-support effect provided, as mePages.lazy.tsx does it. */
function Lists({ profile, vendor }: { profile: UserProfile; vendor?: () => ChatSupportVendor }) {
  const tag = useMeChatSupport(profile, vendor);
  return <MeListsSection profile={profile} organisationHref={organisationHref} onListsSettled={tag} />;
}

const signIn = async () => {
  await login({ email: ACCOUNTS.totp, password: DEMO_PASSWORD, otpCode: VALID_OTP });
  return getMe();
};

describe('/me chat support (spec 1: user, organisation, channel, role)', () => {
  it('tells the widget the user and their Channel Admin role once the lists are loaded, and forgets them on leaving', async () => {
    const profile = await signIn();
    const vendor = { identify: vi.fn(), shutdown: vi.fn() };
    const view = render(
      <I18nProvider i18n={i18n}>
        <Lists profile={profile} vendor={() => vendor} />
      </I18nProvider>,
    );
    await waitFor(() => expect(vendor.identify).toHaveBeenCalled());
    expect(vendor.identify).toHaveBeenLastCalledWith({
      user: { id: profile.id, screenName: profile.screenName, email: ACCOUNTS.totp, avatarUrl: null },
      role: { name: 'Channel Admin', scope: 'channel' },
      organisation: { id: expect.any(String), name: 'Acme News' },
      channel: { id: expect.any(String), name: 'Secure Notes' },
    });
    expect(vendor.shutdown).not.toHaveBeenCalled();
    view.unmount();
    expect(vendor.shutdown).toHaveBeenCalledTimes(1);
  });

  it('no widget when none is configured (the default): no script is added to the page', async () => {
    const profile = await signIn();
    const scriptsBefore = document.scripts.length;
    const { findByRole } = render(
      <I18nProvider i18n={i18n}>
        <Lists profile={profile} />
      </I18nProvider>,
    );
    await findByRole('link', { name: 'Secure Notes' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.scripts.length).toBe(scriptsBefore);
  });
});
