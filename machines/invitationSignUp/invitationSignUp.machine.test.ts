import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import type {
  CheckInviteInput,
  InviteInfo,
  RegisterInviteInput,
  RegisterResult,
} from '../../api/contract/registration';
import { twoFactorSetupMachine } from '../twoFactorSetup/twoFactorSetup.machine';
import { invitationSignUpMachine, registerInviteAsVerify } from './invitationSignUp.machine';

type Answer = RegisterResult | { reject: unknown };
const refusal = (code: ErrorCode, extra: object = {}) => ({
  reject: { failure: { code, fieldErrors: [], ...extra } },
});

const INVITE: InviteInfo = {
  user: { screenName: 'Ivy', email: 'ivy@example.com', isReader: false, subdomain: 'demo' },
  organisation: { name: 'Acme', subdomain: 'acme', terms: DEFAULT_ORGANISATION_TERMS },
  channel: { subdomain: 'demo', name: 'Demo', url: 'https://demo-acme.example.test/' },
  invitee: { imageUrl: null, screenName: 'Ivy Invitee', email: 'ivy@example.com' },
};
const SETUP: TwoFactorSetup = { secret: 'JBSWY3DPEHPK3PXP', otpURL: 'otpauth://x', dataURL: 'data:,' };
const CHANNEL = { redirectUrl: 'https://demo-acme.example.test/' };
const CHANNEL_ADDRESS = { channelSubdomain: 'demo', organisationSubdomain: 'acme' };

function start({
  token = 'tok',
  check = INVITE as InviteInfo | { reject: unknown },
  submits = [] as Answer[],
} = {}) {
  const checks: CheckInviteInput[] = [];
  const calls: RegisterInviteInput[] = [];
  const redirect = vi.fn();
  const registerInvite = fromPromise<RegisterResult, RegisterInviteInput>(async ({ input }) => {
    calls.push(input);
    const next = submits.shift();
    if (next === undefined) throw new Error('unexpected call');
    if ('reject' in next) throw next.reject;
    return next;
  });
  const machine = invitationSignUpMachine.provide({
    actors: {
      checkInvite: fromPromise<InviteInfo, CheckInviteInput>(async ({ input }) => {
        checks.push(input);
        if ('reject' in check) throw check.reject;
        return check;
      }),
      registerInvite,
      twoFactorSetup: twoFactorSetupMachine.provide({
        actors: { verify: registerInviteAsVerify(registerInvite) },
      }),
    },
    actions: { redirect: (_, params) => redirect(params) },
  });
  const actor = createActor(machine, { input: { token } }).start();
  return { actor, checks, calls, redirect };
}
type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));
const fill = (actor: Actor) => {
  actor.send({ type: 'field.change', field: 'password', value: 'secret1' });
  actor.send({ type: 'terms.change', checked: true });
};

describe('invitationSignUpMachine: the token (spec 2 Register (invitation))', () => {
  it('an empty token is the invalid-token page before any call', () => {
    const { actor, checks } = start({ token: ' ' });
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(checks).toEqual([]);
  });

  it('no invite info is the invalid-token page', async () => {
    const { actor, checks } = start({ check: refusal('invite_token_invalid_error') });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(checks).toEqual([{ token: 'tok' }]);
  });

  it('an invite shows the form with the invited name prefilled', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ invite: INVITE, screenName: 'Ivy Invitee' });
  });

  it("prefills the user's name when the invitee has none", async () => {
    const { actor } = start({ check: { ...INVITE, invitee: { ...INVITE.invitee, screenName: '' } } });
    await settle(actor);
    expect(actor.getSnapshot().context.screenName).toBe('Ivy');
  });
});

describe('invitationSignUpMachine: submit (spec 2, 4, 5, 8)', () => {
  it('an incomplete form shows the spec 5 codes without a call', async () => {
    const { actor, calls } = start();
    await settle(actor);
    actor.send({ type: 'field.change', field: 'screenName', value: '' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(
      ['password', 'screenName', 'terms'].sort(),
    );
    expect(calls).toEqual([]);
  });

  it("registers with the invitation's e-mail and no code, then goes to the channel", async () => {
    const { actor, calls, redirect } = start({ submits: [CHANNEL] });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      { token: 'tok', email: 'ivy@example.com', password: 'secret1', screenName: 'Ivy Invitee' },
    ]);
    expect(redirect).toHaveBeenCalledWith(CHANNEL_ADDRESS);
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('the invitation used meanwhile: the invalid-token page, the password forgotten', async () => {
    const { actor } = start({ submits: [refusal('invite_token_invalid_error')] });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('the e-mail taken: under the e-mail; a rate limit: a form error; every value kept', async () => {
    const { actor } = start({
      submits: [refusal('email_already_exist_error'), refusal('rate_limited_error')],
    });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { email: 'email_already_exist_error' },
      error: undefined,
      password: 'secret1',
      terms: true,
    });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: {},
      error: { code: 'rate_limited_error' },
      password: 'secret1',
      screenName: 'Ivy Invitee',
    });
  });

  it("a server's field error goes under its field", async () => {
    const { actor } = start({
      submits: [
        {
          reject: {
            failure: {
              code: 'unknown_server_error',
              fieldErrors: [{ field: 'password', code: 'string.min', message: 'x' }],
            },
          },
        },
      ],
    });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { password: 'string.min' },
      error: undefined,
    });
  });
});

describe('invitationSignUpMachine: an organisation that enforces two-factor (spec 2, 4 Invite registration)', () => {
  it('runs the setup with the payload, verifies by registering with the code, shows the recovery codes, then leaves', async () => {
    const { actor, calls, redirect } = start({
      submits: [
        refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP }),
        refusal('unknown_auth_otp_code_error'),
        { ...CHANNEL, recoveryCodes: ['AB12CD', 'EF34GH'] },
      ],
    });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('settingUpTwoFactor'));
    expect(actor.getSnapshot().context.twoFactorSetup).toEqual(SETUP);
    const setup = actor.getSnapshot().children.twoFactorSetup!;
    expect(setup.getSnapshot().context).toMatchObject({
      setup: SETUP,
      reason: 'enforced',
      account: 'ivy@example.com',
    });

    setup.send({ type: 'code.change', value: '000 001' });
    setup.send({ type: 'code.submit' });
    await waitFor(setup, (s) => !s.hasTag('busy'));
    // The payload survives the rejected code (the setup keeps it).
    expect(setup.getSnapshot().context).toMatchObject({
      error: { code: 'unknown_auth_otp_code_error', field: 'code' },
      setup: SETUP,
    });

    setup.send({ type: 'code.change', value: '123456' });
    setup.send({ type: 'code.submit' });
    await waitFor(setup, (s) => s.matches('showingRecoveryCodes'));
    expect(calls.at(-1)).toEqual({
      token: 'tok',
      email: 'ivy@example.com',
      password: 'secret1',
      screenName: 'Ivy Invitee',
      otpCode: '123456',
    });
    expect(redirect).not.toHaveBeenCalled();
    setup.send({ type: 'recovery.confirmChange', value: 'ab12cd' });
    setup.send({ type: 'recovery.confirmSubmit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(redirect).toHaveBeenCalledWith(CHANNEL_ADDRESS);
  });

  it('back to the details keeps the payload and the values; a rejection without a payload keeps the old one', async () => {
    const { actor } = start({
      submits: [
        refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP }),
        refusal('two_factor_auth_is_not_setup_error'),
      ],
    });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('settingUpTwoFactor'));
    actor.send({ type: 'details.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      twoFactorSetup: SETUP,
      password: 'secret1',
      terms: true,
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('settingUpTwoFactor'));
    expect(actor.getSnapshot().children.twoFactorSetup?.getSnapshot().context.setup).toEqual(SETUP);
  });

  it('two_factor_auth_is_not_setup_error without any payload is a form error', async () => {
    const { actor } = start({ submits: [refusal('two_factor_auth_is_not_setup_error')] });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'two_factor_auth_is_not_setup_error' });
  });
});
