import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { login } from '../../api/auth';
import type { TwoFactorSetup } from '../../api/contract/common';
import { ACCOUNTS, DEMO_PASSWORD, VALID_OTP, VALID_RECOVERY_CODE } from '../../api/fake/scenarios';
import { getMe } from '../../api/profile';
import { twoFactorPanelMachine } from '../../machines/twoFactorPanel/twoFactorPanel.machine';
import { twoFactorSetupMachine, verifyActor } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { setupFakeApi } from '../../test/fakeApi';
import { TwoFactorPanel } from '../../ui/me/TwoFactorPanel';
import { MeTwoFactorPanel } from './twoFactor';

setupFakeApi();
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const user = userEvent.setup();

const showFor = async (email: string, second: { otpCode?: string; recoveryOtpCode?: string } = {}) => {
  await login({ email, password: DEMO_PASSWORD, ...second });
  const profile = await getMe();
  render(
    <I18nProvider i18n={i18n}>
      <MeTwoFactorPanel profile={profile} />
    </I18nProvider>,
  );
  return profile;
};

const codeField = () => screen.getByLabelText('Code from the app') as HTMLInputElement;
const setupButton = () => screen.getByRole('button', { name: 'Setup' }) as HTMLButtonElement;
const question = () => screen.queryByRole('dialog', { name: "Hope you know what you're doing?" });
/** The state badge read right after a method's name (ui/me/security/MethodRow.tsx). */
const stateOf = (name: string) => screen.getByRole('heading', { name }).nextElementSibling?.textContent;
const typeCode = async (code: string) => {
  await user.clear(codeField());
  await user.type(codeField(), code);
};

describe('MeTwoFactorPanel (spec 2 Me page, two-factor panel, against the fake service)', () => {
  it('turns two-factor on: Setup needs 6 digits and asks first; a wrong code is Invalid otp code; then the recovery codes', async () => {
    await showFor(ACCOUNTS.user);
    expect(screen.getByText(/Two-factor authentication is off/)).toBeTruthy();
    expect(stateOf('Two-factor authentication')).toBe('Off');
    expect(screen.queryByRole('heading', { name: 'Recovery codes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' }, { timeout: 8000 });
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeTruthy();
    expect(document.title).toBe('Set up two-factor authentication - Account');

    // spec 2 Me page: enabled only with exactly 6 digits.
    expect(setupButton().disabled).toBe(true);
    await typeCode('12345');
    expect(setupButton().disabled).toBe(true);
    await typeCode('111111');
    expect(setupButton().disabled).toBe(false);

    // The question, in the site's own dialog: focus inside, Escape closes, focus back on Setup, nothing called.
    await user.click(setupButton());
    const asked = await waitFor(() => {
      const dialog = question();
      expect(dialog).toBeTruthy();
      return dialog as HTMLElement;
    });
    expect(asked.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).toBeNull());
    expect(document.activeElement).toBe(setupButton());
    expect(codeField().getAttribute('aria-invalid')).toBeNull();

    // Accepted: the call is made; spec 8 'invalid' reads 'Invalid otp code' under the field.
    await user.click(setupButton());
    await user.click(await screen.findByRole('button', { name: 'Yes, set up' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid otp code')).toBeTruthy();
    expect((await getMe()).twoFactorEnabled).toBe(false);

    await typeCode(VALID_OTP);
    await user.click(setupButton());
    await user.click(await screen.findByRole('button', { name: 'Yes, set up' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    const codes = within(screen.getByRole('list', { name: 'Save your recovery codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(codes).toHaveLength(10);
    expect((await getMe()).twoFactorEnabled).toBe(true);

    await user.type(
      screen.getByLabelText('To confirm you saved them, type one of the codes'),
      codes[4] ?? '',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('You have 10 recovery codes left.');
    expect(screen.getByText(/Two-factor authentication is on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resetup GA' })).toBeTruthy();
    expect(stateOf('Two-factor authentication')).toBe('On');
    expect(stateOf('Recovery codes')).toBe('10 left');
    expect(screen.queryByText(/Only a few recovery codes are left/)).toBeNull();
    // Back on the summary, the focus is on the panel's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Two-factor authentication' }));
    expect(document.title).toBe('Your account - Account');
  });

  it('on: the recovery codes that remain; new ones need a current code, and the old ones are gone', async () => {
    await showFor(ACCOUNTS.totp, { recoveryOtpCode: VALID_RECOVERY_CODE });
    const before = await screen.findByText(/You have \d+ recovery codes? left\./);
    const remaining = Number(/\d+/.exec(before.textContent ?? '')?.[0]);
    expect(remaining).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await screen.findByRole('heading', { name: 'New recovery codes' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New recovery codes' }));
    await typeCode('111111');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter valid code')).toBeTruthy();

    await typeCode(VALID_OTP);
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Your new recovery codes' });
    const codes = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(VALID_RECOVERY_CODE);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByText('You have 10 recovery codes left.');
  });
});

describe('TwoFactorPanel: the setup refused for another reason (spec 8)', () => {
  const SETUP: TwoFactorSetup = { secret: 'JBSWY3DPEHPK3PXP', otpURL: 'otpauth://totp/x', dataURL: 'data:,' };
  function Refused() {
    const actorRef = useActorRef(
      twoFactorPanelMachine.provide({
        actors: {
          getTwoFactorSecret: fromPromise(async () => SETUP),
          twoFactorSetup: twoFactorSetupMachine.provide({
            actors: {
              verify: verifyActor(() =>
                Promise.reject({ failure: { code: 'two_factor_setup_not_enabled_error', fieldErrors: [] } }),
              ),
            },
          }),
        },
      }),
      { input: { twoFactorEnabled: false, account: 'ada@example.com' } },
    );
    return <TwoFactorPanel actorRef={actorRef} />;
  }

  it("shows 'Sorry, but your organizations don't enabled the two factor auth' under the code", async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Refused />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' });
    await typeCode(VALID_OTP);
    await user.click(setupButton());
    await user.click(await screen.findByRole('button', { name: 'Yes, set up' }));
    await screen.findByText("Sorry, but your organizations don't enabled the two factor auth");
    // The close button leaves the setup.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Set up two-factor authentication' })).toBeNull(),
    );
  });
});
