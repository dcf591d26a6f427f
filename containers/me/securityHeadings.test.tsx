import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { login } from '../../api/auth';
import { ACCOUNTS, DEMO_PASSWORD, VALID_OTP, VALID_RECOVERY_CODE } from '../../api/fake/scenarios';
import { fakeStore } from '../../api/fake/store';
import { getMe } from '../../api/profile';
import { setupFakeApi } from '../../test/fakeApi';
import { DEFAULT_FOOTER_LINKS } from '../../ui/components/Footer';
import { MePageFrame } from '../../ui/me/MePageFrame';
import { MeSecurity } from './security';

/*
 * ui/me/README.md (One outline): /me's headings are one tree. Rendered in the page's frame (its h1) against the fake
 * service, the Security section is walked through its states: lists loaded, empty or failed, a form opened in a
 * method, the step-up inside it, the two-factor setup, its step-up and its recovery codes, new recovery codes.
 */
const fakeApi = setupFakeApi();
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const user = userEvent.setup();

const levelOf = (heading: Element) => Number(heading.tagName.slice(1));

/** The headings a screen reader lists: in document order, none in a hidden part (the Lists section kept hidden). */
const headings = () =>
  [...document.body.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(
    (heading) => !heading.closest('[hidden], dialog'),
  );

/**
 * The tree holds: the page's h1 first, the section's heading an h2, each heading at most one level under the one
 * before it, and every heading under the heading of each part (a section labelled by a heading) it sits in.
 */
function expectOneOutline() {
  const all = headings();
  expect(all[0]?.tagName).toBe('H1');
  expect(document.getElementById('security-heading')?.tagName).toBe('H2');
  const skips = all.flatMap((heading, place) => {
    const before = all[place - 1];
    return before && levelOf(heading) > levelOf(before) + 1
      ? [`${before.tagName} ${before.textContent} -> ${heading.tagName} ${heading.textContent}`]
      : [];
  });
  const notUnder = all.flatMap((heading) => {
    const wrong: string[] = [];
    for (let part = heading.closest('section'); part; part = part.parentElement?.closest('section') ?? null) {
      const label = document.getElementById(part.getAttribute('aria-labelledby') ?? '');
      if (!label || label === heading || !/^H[1-6]$/.test(label.tagName)) continue;
      if (levelOf(heading) <= levelOf(label))
        wrong.push(`${heading.tagName} ${heading.textContent} in ${label.tagName} ${label.textContent}`);
    }
    return wrong;
  });
  expect({ skips, notUnder }).toEqual({ skips: [], notUnder: [] });
}

async function showFor(email: string, second: { recoveryOtpCode?: string } = {}) {
  await login({ email, password: DEMO_PASSWORD, ...second });
  const profile = await getMe();
  render(
    <I18nProvider i18n={i18n}>
      <MePageFrame
        homeHref="/"
        logoutHref="/logout"
        previous={null}
        footerLinks={DEFAULT_FOOTER_LINKS}
        nav={null}
      >
        <MeSecurity
          profile={profile}
          loginHref="/login"
          onPasswordChanged={() => {}}
          sessionsGeneration={0}
          recoveryHref="/forgot_password"
        />
      </MePageFrame>
    </I18nProvider>,
  );
  // The lists load at the first idle moment (containers/me/securitySessions.tsx): the outline is checked with them.
  await screen.findByRole('heading', { name: 'Sessions and devices' }, { timeout: 8000 });
  await waitFor(() => expect(screen.queryByText(/^Loading your/)).toBeNull(), { timeout: 8000 });
}

/** The step-up window is over: the next guarded call asks 'Confirm it's you' (docs/decisions/security.md: Step-up on screen). */
const stepUpOver = () => {
  fakeStore.state.security.stepUpUntil = 0;
};
const confirmItsYou = () => screen.findByRole('heading', { name: "Confirm it's you" }, { timeout: 8000 });

describe("/me Security's headings are one outline (ui/me/README.md: One outline)", () => {
  it('with the lists loaded, a form opened in a method, and the step-up inside it', async () => {
    await showFor(ACCOUNTS.user);
    expectOneOutline();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByLabelText('New password');
    expectOneOutline();
    stepUpOver();
    await user.type(screen.getByLabelText('New password'), 'a-new-long-secret-1');
    await user.type(screen.getByLabelText('New password again'), 'a-new-long-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await confirmItsYou();
    expectOneOutline();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    await screen.findByLabelText(/Type your e-mail address/);
    expectOneOutline();
  });

  it('through the two-factor setup, its step-up and its recovery codes', async () => {
    await showFor(ACCOUNTS.user);
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' }, { timeout: 8000 });
    expectOneOutline();

    stepUpOver();
    await user.type(screen.getByLabelText('Code from the app'), VALID_OTP);
    await user.click(screen.getByRole('button', { name: 'Setup' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, set up' }));
    await confirmItsYou();
    expectOneOutline();

    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' }, { timeout: 8000 });
    expectOneOutline();
  });

  it('with two-factor on: the recovery codes row, new recovery codes, and lists that failed', async () => {
    fakeApi.use(http.get('*/api/me/sessions', () => HttpResponse.json({}, { status: 500 })));
    await showFor(ACCOUNTS.totp, { recoveryOtpCode: VALID_RECOVERY_CODE });
    await screen.findByText('Your sessions could not be loaded.', { exact: false });
    await screen.findByText(/You have \d+ recovery codes? left\./);
    expectOneOutline();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await screen.findByRole('heading', { name: 'New recovery codes' });
    expectOneOutline();
    await user.type(screen.getByLabelText('Code from the app'), VALID_OTP);
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await screen.findByRole('list', { name: 'Your new recovery codes' });
    expectOneOutline();
  });
});
