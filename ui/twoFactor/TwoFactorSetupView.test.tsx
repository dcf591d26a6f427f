import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type TwoFactorSetupInput,
  twoFactorSetupMachine,
} from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { type HeadingLevel, HeadingsAt } from '../components/headingLevel';
import { renderUi } from '../components/testing';
import { TwoFactorSetupView } from './TwoFactorSetupView';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/x',
  dataURL: 'data:image/png;base64,AAAA',
};

function renderSetup(
  verify: () => Promise<unknown>,
  input: Partial<TwoFactorSetupInput> = {},
  headingLevel: HeadingLevel = 2,
) {
  const machine = twoFactorSetupMachine.provide({ actors: { verify: fromPromise(verify) } });
  const actor = createActor(machine, { input: { setup: SETUP, ...input } }).start();
  return {
    actor,
    ...renderUi(
      // The container gives the level (ui/components/headingLevel.tsx): none where the setup is the page.
      <HeadingsAt level={headingLevel}>
        <TwoFactorSetupView actorRef={actor} />
      </HeadingsAt>,
    ),
  };
}

describe('TwoFactorSetupView', () => {
  it('says nothing about the organisation unless it enforces two-factor', () => {
    renderSetup(async () => ({}));
    expect(screen.queryByText(/Your organisation requires/)).toBeNull();
  });

  it('submits the code with the Enter key', async () => {
    const verify = vi.fn(async () => ({ redirectUrl: null }));
    const { user, actor } = renderSetup(verify);
    await user.type(screen.getByLabelText('Code from the app'), '123456{Enter}');
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Two-factor authentication is set up.')).toBeTruthy();
  });

  it('ties the error to the code field (aria-describedby) and marks it invalid', async () => {
    const { user } = renderSetup(async () => {
      throw { failure: { code: 'unknown_auth_otp_code_error', fieldErrors: [] } };
    });
    const field = screen.getByLabelText('Code from the app');
    await user.type(field, '123456{Enter}');
    const error = await screen.findByText('Please enter valid code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('shows no Copy all button for recovery codes where copying is not supported', async () => {
    const { user } = renderSetup(async () => ({ recoveryCodes: ['ab12cd'] }), { canCopy: false });
    await user.type(screen.getByLabelText('Code from the app'), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Copy all/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();
  });

  it('starts at its heading, and after VERIFY & SAVE moves the focus to the recovery codes heading', async () => {
    const { user } = renderSetup(async () => ({ recoveryCodes: ['ab12cd'] }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Set up two-factor authentication' }),
    );
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'VERIFY & SAVE' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('is the page where it stands alone (login): its headings one level up', async () => {
    const { user } = renderSetup(async () => ({ recoveryCodes: ['ab12cd'] }), {}, 1);
    expect(screen.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(document.title).toBe('Set up two-factor authentication - Account');
    // The steps are one compact list under the one heading, not headings of their own.
    const steps = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('two-factor__step'));
    expect(
      steps.map(
        (step) =>
          step.getAttribute('aria-labelledby') &&
          document.getElementById(step.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual([
      'Step 1: Install an authenticator app',
      'Step 2: Scan the QR code',
      'Step 3: Enter the 6-digit code',
    ]);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Set up two-factor authentication',
    ]);
    await user.type(screen.getByLabelText('Code from the app'), '123456{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeTruthy();
    expect(document.title).toBe('Save your recovery codes - Account');
  });

  it("inside a page with its own heading (/me), leaves that page's title alone", async () => {
    document.title = 'Your account - Account';
    const { user } = renderSetup(async () => ({ recoveryCodes: ['ab12cd'] }));
    await user.type(screen.getByLabelText('Code from the app'), '123456{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeTruthy();
    expect(document.title).toBe('Your account - Account');
  });
});
