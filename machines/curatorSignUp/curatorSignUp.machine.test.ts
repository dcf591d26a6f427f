import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import type { RegisterCuratorInput, RegisterResult } from '../../api/contract/registration';
import { curatorSignUpMachine } from './curatorSignUp.machine';
import type { CuratorField } from './curatorSignUp.types';

type Answer = 'ok' | { reject: unknown };
const refusal = (code: ErrorCode, fieldErrors: { field: string; code: string; message: string }[] = []) => ({
  reject: { failure: { code, fieldErrors } },
});

function start(submits: Answer[] = []) {
  const calls: RegisterCuratorInput[] = [];
  const signedIn = vi.fn();
  const machine = curatorSignUpMachine.provide({
    actors: {
      registerCurator: fromPromise<RegisterResult, RegisterCuratorInput>(async ({ input }) => {
        calls.push(input);
        const next = submits.shift();
        if (next === undefined) throw new Error('unexpected call');
        if (next !== 'ok') throw next.reject;
        return { redirectUrl: '/me' };
      }),
    },
    actions: { signedIn },
  });
  const actor = createActor(machine).start();
  return { actor, calls, signedIn };
}
type Actor = ReturnType<typeof start>['actor'];
const type = (actor: Actor, field: CuratorField, value: string) =>
  actor.send({ type: 'field.change', field, value });
const fill = (actor: Actor) => {
  type(actor, 'channelName', 'Night Shift');
  type(actor, 'screenName', 'Ada Lovelace');
  type(actor, 'email', 'ada@example.com');
  type(actor, 'password', 'secret1');
  actor.send({ type: 'terms.change', checked: true });
};
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('curatorSignUpMachine: the subdomain (spec 2 Register, spec 5)', () => {
  it('follows the channel name, normalised, until typed by hand', () => {
    const { actor } = start();
    type(actor, 'channelName', 'Night Shift_News');
    expect(actor.getSnapshot().context.subdomain).toEqual({ value: 'nightshiftnews', manual: false });
    actor.send({ type: 'subdomain.toggle' });
    expect(actor.getSnapshot().context.subdomainOpen).toBe(true);
    type(actor, 'channelSubdomain', 'nights');
    type(actor, 'channelName', 'Day Shift');
    expect(actor.getSnapshot().context.subdomain).toEqual({ value: 'nights', manual: true });
  });

  it("folds 'Müller & Söhne News' to a valid address, and cleans a typed 'Bad_Sub' as the server would", () => {
    const { actor } = start();
    type(actor, 'channelName', 'Müller & Söhne News');
    expect(actor.getSnapshot().context.subdomain).toEqual({ value: 'mullersohnenews', manual: false });
    actor.send({ type: 'subdomain.toggle' });
    type(actor, 'channelSubdomain', 'Bad_Sub');
    expect(actor.getSnapshot().context.subdomain).toEqual({ value: 'badsub', manual: true });
    type(actor, 'channelSubdomain', 'badsub-');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.channelSubdomain).toBe('string.pattern.base');
  });

  it('closing the pencil keeps what was typed', () => {
    const { actor } = start();
    actor.send({ type: 'subdomain.toggle' });
    type(actor, 'channelSubdomain', 'mine');
    actor.send({ type: 'subdomain.toggle' });
    expect(actor.getSnapshot().context).toMatchObject({ subdomainOpen: false, subdomain: { value: 'mine' } });
  });
});

describe('curatorSignUpMachine: submit (spec 2, 4, 5, 8)', () => {
  it('an empty form shows the spec 5 codes under each field and opens the subdomain, without a call', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(calls).toEqual([]);
    expect(Object.keys(context.fieldErrors).sort()).toEqual(
      ['channelName', 'channelSubdomain', 'email', 'password', 'screenName', 'terms'].sort(),
    );
    expect(context.subdomainOpen).toBe(true);
  });

  it('a valid form registers with the followed subdomain, forgets the password and signs in', async () => {
    const { actor, calls, signedIn } = start(['ok']);
    fill(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      {
        channelName: 'Night Shift',
        channelSubdomain: 'nightshift',
        screenName: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'secret1',
      },
    ]);
    expect(actor.getSnapshot().context.password).toBe('');
    expect(signedIn).toHaveBeenCalledTimes(1);
  });

  it('email_already_exist_error goes under the e-mail, every value kept', async () => {
    const { actor } = start([refusal('email_already_exist_error')]);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.fieldErrors).toEqual({ email: 'email_already_exist_error' });
    expect(context).toMatchObject({
      channelName: 'Night Shift',
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it.each([
    'channel_subdomain_already_exist_error',
    'channel_subdomain_is_malformed_error',
  ] as const)('%s goes under the subdomain with the pencil opened', async (code) => {
    const { actor } = start([refusal(code)]);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { channelSubdomain: code },
      subdomainOpen: true,
      error: undefined,
    });
    type(actor, 'channelSubdomain', 'other');
    expect(actor.getSnapshot().context.fieldErrors.channelSubdomain).toBeUndefined();
  });

  it('a server field error (path subdomain read as channelSubdomain) goes under its field', async () => {
    const { actor } = start([
      refusal('unknown_server_error', [
        { field: 'channelSubdomain', code: 'string.max', message: 'string.max' },
      ]),
    ]);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { channelSubdomain: 'string.max' },
      subdomainOpen: true,
      error: undefined,
    });
  });

  it.each([
    ['a rate limit', refusal('rate_limited_error')],
    ['an unknown error', refusal('unknown_server_error')],
    ['a bare error', { reject: new Error('offline') }],
  ])('%s is a form error keeping every typed value', async (_, answer) => {
    const { actor } = start([answer as Answer]);
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    const { context } = actor.getSnapshot();
    expect(context.error?.code).toBeDefined();
    expect(context).toMatchObject({ channelName: 'Night Shift', screenName: 'Ada Lovelace', terms: true });
  });
});
