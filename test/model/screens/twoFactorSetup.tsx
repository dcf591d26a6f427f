/**
 * What the two-factor setup (ui/twoFactor/TwoFactorSetupView.tsx) shows in each state and how a user makes its
 * events: the setup's own model test and the compositions that run it inside the login and the invitation sign-up
 * (test/model/compositions) drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { within } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import type { twoFactorSetupMachine } from '../../../machines/twoFactorSetup/twoFactorSetup.machine';
import { groupSecret, RECOVERY_CODES_FILENAME } from '../../../machines/twoFactorSetup/twoFactorSetup.rules';
import { CODES } from '../../../machines/twoFactorSetup/twoFactorSetup.samples';
import { Heading, HeadingsAt } from '../../../ui/components/headingLevel';
import { TwoFactorSetupView } from '../../../ui/twoFactor/TwoFactorSetupView';
import type { Screen, ScreenOptions } from '../runOnScreen';

/** What each stored error code reads like under the code field (spec 8). */
const ERROR_TEXT: Record<string, string> = {
  unknown_auth_otp_code_error: 'Please enter valid code',
  two_factor_setup_invalid_code_error: 'Invalid otp code',
  unknown_server_error: 'Something went wrong. Please try again later.',
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** The effects the screen's drivers check: the spies the test provides as the machine's actions of those names. */
export interface SetupEffects {
  downloadText: Mock;
  printCodes: Mock;
}

const codeField = (screen: Screen) => screen.getByLabelText('Code from the app') as HTMLInputElement;
const confirmField = (screen: Screen) =>
  screen.getByLabelText('To confirm you saved them, type one of the codes') as HTMLInputElement;
/** The texts a field's aria-describedby points at: where its error is read from. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const copiedNote = (screen: Screen) =>
  screen.getAllByRole('status').find((el: HTMLElement) => el.tagName === 'OUTPUT');
const copyFailedAlert = (screen: Screen) => screen.queryByText('Copying did not work');
/** The text to copy has the focus and is wholly selected: Ctrl+C is all that is left. */
const expectFocusedAndSelected = (text: HTMLTextAreaElement) => {
  expect(document.activeElement).toBe(text);
  expect([text.selectionStart, text.selectionEnd]).toEqual([0, text.value.length]);
};

/** The setup's screen (on its own, with a stand-in for /me's 'Confirm it's you'). */
export const twoFactorSetupScreen = ({
  downloadText,
  printCodes,
}: SetupEffects): ScreenOptions<typeof twoFactorSetupMachine> => ({
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      {/* Under /me's two-factor method (ui/me/README.md: One outline); at login it is the page's h1. */}
      <HeadingsAt level={5}>
        <TwoFactorSetupView
          actorRef={actorRef}
          // The step-up is machines/stepUp's own screen, tested with it; here a deferred fake stands in for the
          // child, so its form gets a stand-in too: its heading and the Cancel that goes back to the code.
          stepUpForm={() => (
            <section>
              <Heading>Confirm it's you</Heading>
              <button type="button" onClick={() => actorRef.send({ type: 'stepUp.cancel' })}>
                Cancel
              </button>
            </section>
          )}
        />
      </HeadingsAt>
    </I18nProvider>
  ),
  stateAssertions: {
    settingUp: (screen, snapshot) => {
      expect(screen.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
      // spec 2: explains that the organisation enforces two-factor, when it does.
      const enforced = screen.queryByText(/Your organisation requires two-factor authentication/);
      expect(Boolean(enforced)).toBe(snapshot.context.reason === 'enforced');
      expect(screen.getByText('Step 1: Install an authenticator app')).toBeTruthy();
      expect(screen.getByText(/Google Authenticator/)).toBeTruthy();
    },
    'settingUp.secretView.barcode': (screen, snapshot) => {
      const image = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
      expect(image.getAttribute('src')).toBe(snapshot.context.setup.dataURL);
      expect(screen.queryByRole('list', { name: /setup key/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Copy key/ })).toBeNull();
    },
    'settingUp.secretView.secretAsText': (screen, snapshot) => {
      expect(screen.queryByRole('img')).toBeNull();
      const secret = screen.getByRole('list', { name: /setup key/ });
      const groups = within(secret)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(groups).toEqual(groupSecret(snapshot.context.setup.secret));
      expect(screen.getByRole('button', { name: 'Show the QR code again' })).toBeTruthy();
      // spec 2: a copy button only where copying is supported.
      const copy = screen.queryByRole('button', { name: /Copy key/ });
      expect(Boolean(copy)).toBe(snapshot.context.canCopy);
    },
    'settingUp.secretView.secretAsText.idle': (screen) => {
      expect(copiedNote(screen)?.textContent).toBe('');
      expect(copyFailedAlert(screen)).toBeNull();
      expect(
        screen.queryByRole('button', { name: /Copy key/ })?.getAttribute('aria-busy') ?? null,
      ).toBeNull();
    },
    'settingUp.secretView.secretAsText.copying': (screen) => {
      expect(screen.getByRole('button', { name: /Copy key/ }).getAttribute('aria-busy')).toBe('true');
    },
    'settingUp.secretView.secretAsText.copied': (screen) => {
      expect(copiedNote(screen)?.textContent).toBe('Copied!');
    },
    'settingUp.secretView.secretAsText.copyFailed': (screen, snapshot) => {
      expect(copyFailedAlert(screen)).toBeTruthy();
      expect(screen.getByLabelText<HTMLTextAreaElement>('Text to copy').value).toBe(
        snapshot.context.setup.secret,
      );
      expectFocusedAndSelected(screen.getByLabelText<HTMLTextAreaElement>('Text to copy'));
      expect(copiedNote(screen)?.textContent).toBe('');
    },
    'settingUp.codeEntry.editing': (screen, snapshot) => {
      const field = codeField(screen);
      expect(field.value).toBe(snapshot.context.code);
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(field.getAttribute('inputmode')).toBe('numeric');
      const { error } = snapshot.context;
      if (error) expect(descriptionOf(field)).toContain(ERROR_TEXT[error.code]);
      else expect(field.getAttribute('aria-invalid')).toBeNull();
      const submit = screen.getByRole('button', { name: 'VERIFY & SAVE' }) as HTMLButtonElement;
      expect(submit.disabled).toBe(snapshot.context.code.length !== 6);
    },
    'settingUp.codeEntry.verifying': (screen) => {
      const submit = screen.getByRole('button', { name: 'VERIFY & SAVE' });
      expect(submit.getAttribute('aria-busy')).toBe('true');
      expect(codeField(screen).readOnly).toBe(true);
    },
    // On /me the server may want a fresh proof first: 'Confirm it's you' stands in step 3's place.
    'settingUp.codeEntry.steppingUp': (screen) => {
      expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
      expect(screen.queryByLabelText('Code from the app')).toBeNull();
    },
    showingRecoveryCodes: (screen, snapshot) => {
      expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
      expect(screen.queryByLabelText('Code from the app')).toBeNull();
      const field = confirmField(screen);
      expect(field.value.toLowerCase()).toBe(snapshot.context.recoveryConfirm.toLowerCase());
      if (snapshot.context.confirmMismatch)
        expect(descriptionOf(field)).toContain('This is not one of your recovery codes.');
      else expect(field.getAttribute('aria-invalid')).toBeNull();
      const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
      expect(submit.disabled).toBe(snapshot.context.recoveryConfirm.length !== 6);
    },
    'showingRecoveryCodes.idle': (screen) => {
      expect(copiedNote(screen)?.textContent).toBe('');
      expect(copyFailedAlert(screen)).toBeNull();
    },
    'showingRecoveryCodes.copying': (screen) => {
      expect(screen.getByRole('button', { name: /Copy all/ }).getAttribute('aria-busy')).toBe('true');
    },
    'showingRecoveryCodes.copied': (screen) => {
      expect(copiedNote(screen)?.textContent).toBe('Copied!');
    },
    'showingRecoveryCodes.copyFailed': (screen) => {
      expect(copyFailedAlert(screen)).toBeTruthy();
      expect(screen.getByLabelText<HTMLTextAreaElement>('Text to copy').value).toBe(`${CODES.join('\n')}\n`);
      expectFocusedAndSelected(screen.getByLabelText<HTMLTextAreaElement>('Text to copy'));
    },
    done: (screen) => {
      expect(screen.getByRole('status').textContent).toBe('Two-factor authentication is set up.');
      expect(screen.queryByRole('textbox')).toBeNull();
    },
  },
  eventDrivers: {
    'secret.show': (screen, user) =>
      user.click(screen.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" })),
    'barcode.show': (screen, user) =>
      user.click(screen.getByRole('button', { name: 'Show the QR code again' })),
    'secret.copy': (screen, user) => user.click(screen.getByRole('button', { name: /Copy key/ })),
    'code.change': async (screen, user, event) => {
      const { value } = event as { type: 'code.change'; value: string };
      const field = codeField(screen);
      await user.clear(field);
      // A code with spaces arrives by paste, as from a password manager; short ones are typed.
      if (value.includes(' ')) {
        await user.click(field);
        await user.paste(value);
      } else await user.type(field, value);
    },
    'code.submit': (screen, user) => user.click(screen.getByRole('button', { name: 'VERIFY & SAVE' })),
    'recovery.copy': (screen, user) => user.click(screen.getByRole('button', { name: /Copy all/ })),
    'recovery.download': async (screen, user, _event, actorRef) => {
      downloadText.mockClear();
      await user.click(screen.getByRole('button', { name: 'Download as .txt' }));
      // The account the codes are for, where the setup knows it (a sign-in's setup: the e-mail logged in with).
      const { account } = actorRef.getSnapshot().context;
      expect(downloadText).toHaveBeenCalledWith({
        ...(account === undefined ? {} : { account }),
        filename: RECOVERY_CODES_FILENAME,
        text: `${CODES.join('\n')}\n`,
      });
    },
    'recovery.print': async (screen, user) => {
      printCodes.mockClear();
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(printCodes).toHaveBeenCalledTimes(1);
    },
    'recovery.confirmChange': async (screen, user, event) => {
      const field = confirmField(screen);
      await user.clear(field);
      await user.type(field, (event as { type: 'recovery.confirmChange'; value: string }).value);
    },
    'recovery.confirmSubmit': (screen, user) => user.click(screen.getByRole('button', { name: 'Continue' })),
    'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
});
