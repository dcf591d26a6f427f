import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import { twoFactorSetupMachine } from '../twoFactorSetup/twoFactorSetup.machine';
import { twoFactorPanelMachine } from './twoFactorPanel.machine';
import { isRunningLow } from './twoFactorPanel.rules';

const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};
const CODES = ['AB12CD', 'EF34GH', 'JK56LM'];
const refusal = (code: string) => ({ failure: { code, fieldErrors: [] } });

interface Calls {
  counts?: Array<number | object>;
  /** The secret's answer; a refusal instead rejects. */
  secretRefusal?: object;
  verify?: Array<object | 'ok'>;
  regenerate?: Array<object | 'ok'>;
}

/** The panel with fake calls and the real setup machine, whose verify is the fake POST /api/me/2fa. */
function start(twoFactorEnabled: boolean, calls: Calls = {}) {
  const counts = [...(calls.counts ?? [3])];
  const verifyAnswers = [...(calls.verify ?? ['ok'])];
  const regenerateAnswers = [...(calls.regenerate ?? ['ok'])];
  const verify = vi.fn(async (input: { otpCode: string }) => {
    const answer = verifyAnswers.shift();
    if (answer !== 'ok') throw answer;
    return { recoveryCodes: CODES, input };
  });
  const regenerate = vi.fn(async (_input: { otpCode: string }) => {
    const answer = regenerateAnswers.shift();
    if (answer !== 'ok') throw answer;
    return { recoveryCodes: [...CODES, 'NP78QR'] };
  });
  const downloadText = vi.fn();
  const printCodes = vi.fn();
  const machine = twoFactorPanelMachine.provide({
    actors: {
      getRecoveryCodeCount: fromPromise(async () => {
        const next = counts.shift();
        if (typeof next !== 'number') throw next;
        return { remaining: next };
      }),
      getTwoFactorSecret: fromPromise(async () => {
        if (calls.secretRefusal) throw calls.secretRefusal;
        return SETUP;
      }),
      regenerateRecoveryCodes: fromPromise(({ input }) => regenerate(input)),
      twoFactorSetup: twoFactorSetupMachine.provide({
        actors: { verify: fromPromise(({ input }) => verify(input)) },
      }),
    },
    actions: {
      downloadText: (_, params) => downloadText(params),
      printCodes: (_, params) => printCodes(params),
    },
  });
  const actor = createActor(machine, {
    input: { twoFactorEnabled, account: 'ada@example.com' },
  }).start();
  return { actor, verify, regenerate, downloadText, printCodes };
}

const setupChild = (actor: ReturnType<typeof start>['actor']) => {
  const child = actor.getSnapshot().children.setup;
  if (!child) throw new Error('no setup running');
  return child;
};

describe('twoFactorPanelMachine (spec 2 Me page, two-factor panel)', () => {
  it('off: counts nothing and offers the setup to every user', () => {
    const { actor } = start(false);
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.remaining).toBeUndefined();
  });

  it('on: counts the recovery codes that remain', async () => {
    const { actor } = start(true, { counts: [2] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const on = await waitFor(actor, (s) => s.matches('on'));
    expect(on.context.remaining).toBe(2);
    expect(isRunningLow(on.context.remaining)).toBe(true);
    expect(isRunningLow(3)).toBe(false);
    expect(isRunningLow(undefined)).toBe(false);
  });

  it('a failed count is a quiet retry, and the setup stays on offer', async () => {
    const { actor } = start(true, { counts: [new Error('offline'), 7] });
    const failed = await waitFor(actor, (s) => s.matches('countFailed'));
    expect(failed.context.error).toEqual({ code: 'unknown_server_error' });
    expect(failed.can({ type: 'setup.open' })).toBe(true);
    actor.send({ type: 'count.retry' });
    expect((await waitFor(actor, (s) => s.matches('on'))).context).toMatchObject({
      remaining: 7,
      error: undefined,
    });
  });

  it('turns two-factor on: Setup needs exactly 6 digits, asks first, then the setup calls with the code', async () => {
    const { actor, verify } = start(false);
    actor.send({ type: 'setup.open' });
    await waitFor(actor, (s) => s.matches({ settingUp: 'steps' }));
    expect(actor.getSnapshot().context.setup).toEqual(SETUP);
    expect(setupChild(actor).getSnapshot().context.account).toBe('ada@example.com');

    actor.send({ type: 'setup.submit', code: '12345' });
    expect(actor.getSnapshot().matches({ settingUp: 'steps' })).toBe(true);
    setupChild(actor).send({ type: 'code.change', value: '123 456' });
    actor.send({ type: 'setup.submit', code: '123456' });
    expect(actor.getSnapshot().matches({ settingUp: 'confirming' })).toBe(true);
    expect(verify).not.toHaveBeenCalled();

    // Cancel: nothing is called; asked again and accepted: the call is made.
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().matches({ settingUp: 'steps' })).toBe(true);
    expect(verify).not.toHaveBeenCalled();
    actor.send({ type: 'setup.submit', code: '123456' });
    actor.send({ type: 'confirm.accept' });
    await waitFor(setupChild(actor), (s) => s.matches('showingRecoveryCodes'));
    expect(verify).toHaveBeenCalledWith({ otpCode: '123456' });

    // The login flow's panel: the user types one code back, then the panel is on with every code left.
    setupChild(actor).send({ type: 'recovery.confirmChange', value: 'ef-34gh' });
    setupChild(actor).send({ type: 'recovery.confirmSubmit' });
    const on = await waitFor(actor, (s) => s.matches('on'));
    expect(on.context).toMatchObject({ twoFactorEnabled: true, remaining: CODES.length, setup: undefined });
  });

  it("a wrong code stays in the setup with its spec 8 code ('Invalid otp code')", async () => {
    const { actor } = start(false, { verify: [refusal('two_factor_setup_invalid_code_error')] });
    actor.send({ type: 'setup.open' });
    await waitFor(actor, (s) => s.matches({ settingUp: 'steps' }));
    setupChild(actor).send({ type: 'code.change', value: '000000' });
    actor.send({ type: 'setup.submit', code: '000000' });
    actor.send({ type: 'confirm.accept' });
    const child = await waitFor(setupChild(actor), (s) => s.context.error !== undefined);
    expect(child.context.error).toEqual({ code: 'two_factor_setup_invalid_code_error', field: 'code' });
    expect(actor.getSnapshot().matches({ settingUp: 'steps' })).toBe(true);
  });

  it('closed during the setup: the count says whether the setup finished (codes exist only after one)', async () => {
    const unfinished = start(false, { counts: [0] });
    unfinished.actor.send({ type: 'setup.open' });
    await waitFor(unfinished.actor, (s) => s.matches('settingUp'));
    unfinished.actor.send({ type: 'panel.close' });
    expect((await waitFor(unfinished.actor, (s) => s.matches('off'))).context.twoFactorEnabled).toBe(false);

    const finished = start(false, { counts: [10] });
    finished.actor.send({ type: 'setup.open' });
    await waitFor(finished.actor, (s) => s.matches('settingUp'));
    finished.actor.send({ type: 'panel.close' });
    const on = await waitFor(finished.actor, (s) => s.matches('on'));
    expect(on.context).toMatchObject({ twoFactorEnabled: true, remaining: 10 });

    // Resetup closed part-way: two-factor stays on even with no codes left.
    const resetup = start(true, { counts: [0, 0] });
    await waitFor(resetup.actor, (s) => s.matches('on'));
    resetup.actor.send({ type: 'setup.open' });
    await waitFor(resetup.actor, (s) => s.matches('settingUp'));
    resetup.actor.send({ type: 'panel.close' });
    expect((await waitFor(resetup.actor, (s) => s.matches('on'))).context.remaining).toBe(0);
  });

  it('no secret: the spec 8 code, a retry and a close', async () => {
    const { actor } = start(false, { secretRefusal: refusal('rate_limited_error') });
    actor.send({ type: 'setup.open' });
    const failed = await waitFor(actor, (s) => s.matches('secretFailed'));
    expect(failed.context.error).toEqual({ code: 'rate_limited_error' });
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('regenerates with a current code: refusal kept under the field, then the new codes to save', async () => {
    const { actor, regenerate, downloadText, printCodes } = start(true, {
      counts: [1],
      regenerate: [refusal('unknown_auth_otp_code_error'), 'ok'],
    });
    await waitFor(actor, (s) => s.matches('on'));
    actor.send({ type: 'regenerate.open' });
    actor.send({ type: 'regenerate.change', value: '12-34' });
    actor.send({ type: 'regenerate.submit' });
    expect(actor.getSnapshot().matches({ regenerating: 'editing' })).toBe(true);
    expect(regenerate).not.toHaveBeenCalled();

    actor.send({ type: 'regenerate.change', value: '111 111' });
    actor.send({ type: 'regenerate.submit' });
    const refused = await waitFor(actor, (s) => s.context.error !== undefined);
    expect(refused.context.error).toEqual({ code: 'unknown_auth_otp_code_error', field: 'regenerateCode' });
    expect(refused.matches({ regenerating: 'editing' })).toBe(true);
    actor.send({ type: 'regenerate.change', value: '222222' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send({ type: 'regenerate.submit' });
    const shown = await waitFor(actor, (s) => s.matches('showingNewCodes'));
    expect(regenerate).toHaveBeenLastCalledWith({ otpCode: '222222' });
    expect(shown.context).toMatchObject({ remaining: 4, newCodes: [...CODES, 'NP78QR'], regenerateCode: '' });

    actor.send({ type: 'recovery.download' });
    expect(downloadText).toHaveBeenCalledWith({
      filename: 'recovery-codes.txt',
      text: `${[...CODES, 'NP78QR'].join('\n')}\n`,
      account: 'ada@example.com',
    });
    actor.send({ type: 'recovery.print' });
    expect(printCodes).toHaveBeenCalledWith({ codes: [...CODES, 'NP78QR'] });
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.newCodes).toEqual([]);
  });

  it('a regeneration given up keeps nothing typed', async () => {
    const { actor, regenerate } = start(true);
    await waitFor(actor, (s) => s.matches('on'));
    actor.send({ type: 'regenerate.open' });
    actor.send({ type: 'regenerate.change', value: '123456' });
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.regenerateCode).toBe('');
    expect(regenerate).not.toHaveBeenCalled();
  });
});
