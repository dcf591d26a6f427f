import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import type {
  CheckInviteInput,
  InviteInfo,
  RegisterInviteInput,
  RegisterResult,
} from '../../api/contract/registration';
import {
  invitationSignUpMachine,
  registerInviteAsVerify,
} from '../../machines/invitationSignUp/invitationSignUp.machine';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { renderUi } from '../components/testing';
import { InvitationSignUpView } from './InvitationSignUpView';

/**
 * The invitation page with the real two-factor setup inline (the model test stands a fake in for it): one h1,
 * the setup's titles, the way back to the details until the account exists, the invitee's picture.
 */
const INVITE: InviteInfo = {
  user: { screenName: 'Tara', email: 'tara@example.com', isReader: true, subdomain: 'news' },
  organisation: { name: 'Secure', subdomain: 'secure', terms: DEFAULT_ORGANISATION_TERMS },
  channel: { subdomain: 'news', name: 'Secure News', url: 'https://news-secure.example.test' },
  invitee: {
    imageUrl: 'https://images.example.test/tara.png',
    screenName: 'Tara',
    email: 'tara@example.com',
  },
};
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/x',
  dataURL: 'data:image/png;base64,AAAA',
};
const setupMissing = {
  failure: { code: 'two_factor_auth_is_not_setup_error', fieldErrors: [], twoFactorSetup: SETUP },
};

function renderPage(register: (input: RegisterInviteInput) => Promise<RegisterResult>) {
  const registerInvite = fromPromise<RegisterResult, RegisterInviteInput>(({ input }) => register(input));
  const redirect = vi.fn();
  const machine = invitationSignUpMachine.provide({
    actors: {
      checkInvite: fromPromise<InviteInfo, CheckInviteInput>(async () => INVITE),
      registerInvite,
      twoFactorSetup: twoFactorSetupMachine.provide({
        actors: { verify: registerInviteAsVerify(registerInvite) },
      }),
    },
    actions: { redirect: (_, params) => redirect(params) },
  });
  const actor = createActor(machine, { input: { token: 'tok' } }).start();
  const rendered = renderUi(
    <InvitationSignUpView
      actorRef={actor}
      platformHost="example.test"
      defaultLinks={{ terms: '/terms-of-service', privacy: '/privacy' }}
      renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
    />,
  );
  return { actor, redirect, ...rendered };
}

describe('InvitationSignUpView with two-factor enforced', () => {
  it('shows the setup inline under the welcome, then the recovery codes without a way back, then leaves', async () => {
    const register = vi.fn(async (input: RegisterInviteInput): Promise<RegisterResult> => {
      if (!input.otpCode) throw setupMissing;
      return { redirectUrl: INVITE.channel.url, recoveryCodes: ['AB12CD', 'EF34GH'] };
    });
    const { user, redirect } = renderPage(register);
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Secure' });
    // The invitee's picture is decorative: the name is written next to it.
    expect(document.querySelector('img.invitation__avatar')?.getAttribute('alt')).toBe('');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const setupHeading = await screen.findByRole('heading', {
      level: 1,
      name: 'Set up two-factor authentication',
    });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Welcome to Secure')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(setupHeading));
    expect(document.title).toBe('Set up two-factor authentication - Account');
    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toBe(SETUP.dataURL);
    expect(screen.getByRole('button', { name: 'Change my name or password' })).toBeTruthy();

    await user.type(screen.getByLabelText('Code from the app'), '012345{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    expect(register).toHaveBeenLastCalledWith(
      expect.objectContaining({ otpCode: '012345', screenName: 'Tara' }),
    );
    expect(document.title).toBe('Save your recovery codes - Account');
    expect(screen.queryByRole('button', { name: 'Change my name or password' })).toBeNull();
    expect(redirect).not.toHaveBeenCalled();

    await user.type(
      screen.getByLabelText('To confirm you saved them, type one of the codes'),
      'ef34gh{Enter}',
    );
    await vi.waitFor(() =>
      expect(redirect).toHaveBeenCalledWith({ channelSubdomain: 'news', organisationSubdomain: 'secure' }),
    );
  });

  it('back to the details: the form again with every value, its heading focused', async () => {
    const { user } = renderPage(async () => {
      throw setupMissing;
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Secure' });
    await user.clear(screen.getByLabelText('Your name'));
    await user.type(screen.getByLabelText('Your name'), 'Tara T.');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(await screen.findByRole('button', { name: 'Change my name or password' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome to Secure' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Tara T.');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret1');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});
