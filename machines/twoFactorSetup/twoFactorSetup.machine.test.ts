import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ApiFailure } from '../../api/contract/errorCodes';
import {
  COPIED_NOTE_MS,
  type TwoFactorSetupInput,
  twoFactorSetupMachine,
  type VerifyInput,
} from './twoFactorSetup.machine';
import {
  groupSecret,
  isSavedRecoveryCode,
  RECOVERY_CODES_FILENAME,
  recoveryCodesOf,
} from './twoFactorSetup.rules';

const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};
const CODES = ['ab12cd', 'ef34gh'];

const rejection = (failure: Partial<ApiFailure> & Pick<ApiFailure, 'code'>) => ({
  failure: { fieldErrors: [], ...failure },
});

interface Fakes {
  verify?: (input: VerifyInput) => Promise<unknown>;
  copyText?: (text: string) => Promise<void>;
}

function start(fakes: Fakes = {}, input: Partial<TwoFactorSetupInput> = {}) {
  const verify = vi.fn(fakes.verify ?? (async () => ({ redirectUrl: null })));
  const copyText = vi.fn(fakes.copyText ?? (async () => undefined));
  const downloadText = vi.fn();
  const printCodes = vi.fn();
  const machine = twoFactorSetupMachine.provide({
    actors: {
      verify: fromPromise(({ input: verifyInput }) => verify(verifyInput)),
      copyText: fromPromise(({ input: copyInput }) => copyText(copyInput.text)),
    },
    actions: {
      downloadText: (_, params) => downloadText(params),
      printCodes: (_, params) => printCodes(params),
    },
  });
  const actor = createActor(machine, { input: { setup: SETUP, ...input } }).start();
  return { actor, verify, copyText, downloadText, printCodes };
}

type Actor = ReturnType<typeof start>['actor'];

async function submitCode(actor: Actor, value = '123456') {
  actor.send({ type: 'code.change', value });
  actor.send({ type: 'code.submit' });
  await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('groupSecret (spec 9: groups of 3)', () => {
  it('cuts the secret into groups of 3, the last one shorter', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toEqual(['JBS', 'WY3', 'DPE', 'HPK', '3PX', 'P']);
  });
  it('ignores spaces a server may have put in', () => {
    expect(groupSecret('JBSW Y3DP')).toEqual(['JBS', 'WY3', 'DP']);
  });
});

describe('recovery code rules', () => {
  it('reads recovery codes only from a result that has a list of them', () => {
    expect(recoveryCodesOf({ recoveryCodes: CODES, redirectUrl: null })).toEqual(CODES);
    expect(recoveryCodesOf({ redirectUrl: null })).toEqual([]);
    expect(recoveryCodesOf({ recoveryCodes: 'ab12cd' })).toEqual([]);
    expect(recoveryCodesOf(undefined)).toEqual([]);
  });
  it('accepts a typed code cleaned and in any case, and nothing else', () => {
    expect(isSavedRecoveryCode('EF-34 GH', CODES)).toBe(true);
    expect(isSavedRecoveryCode('ef34gi', CODES)).toBe(false);
    expect(isSavedRecoveryCode('', CODES)).toBe(false);
  });
});

describe('twoFactorSetupMachine: step 2', () => {
  it('starts on the barcode and switches to the secret as text and back', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ settingUp: { secretView: 'barcode' } })).toBe(true);
    actor.send({ type: 'secret.show' });
    expect(actor.getSnapshot().matches({ settingUp: { secretView: 'secretAsText' } })).toBe(true);
    actor.send({ type: 'barcode.show' });
    expect(actor.getSnapshot().matches({ settingUp: { secretView: 'barcode' } })).toBe(true);
  });

  it('has no copy where copying is not supported', () => {
    const { actor, copyText } = start({}, { canCopy: false });
    actor.send({ type: 'secret.show' });
    expect(actor.getSnapshot().can({ type: 'secret.copy' })).toBe(false);
    actor.send({ type: 'secret.copy' });
    expect(copyText).not.toHaveBeenCalled();
  });

  it("copies the secret, shows 'Copied!' for a while, then hides it", async () => {
    vi.useFakeTimers();
    const { actor, copyText } = start({}, { canCopy: true });
    actor.send({ type: 'secret.show' });
    actor.send({ type: 'secret.copy' });
    expect(actor.getSnapshot().hasTag('copying')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(copyText).toHaveBeenCalledWith(SETUP.secret);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
    await vi.advanceTimersByTimeAsync(COPIED_NOTE_MS);
    expect(actor.getSnapshot().hasTag('copied')).toBe(false);
    expect(actor.getSnapshot().matches({ settingUp: { secretView: { secretAsText: 'idle' } } })).toBe(true);
  });

  it('raises the copy-failed alert when the clipboard refuses', async () => {
    const { actor } = start({ copyText: async () => Promise.reject(new Error('denied')) }, { canCopy: true });
    actor.send({ type: 'secret.show' });
    actor.send({ type: 'secret.copy' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('copyFailed'));
    expect(actor.getSnapshot().hasTag('copied')).toBe(false);
  });
});

describe('twoFactorSetupMachine: step 3', () => {
  it.each([
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
    ['123456', true],
  ])('allows VERIFY & SAVE for %j: %s (exactly 6 digits)', (value, allowed) => {
    const { actor } = start();
    actor.send({ type: 'code.change', value });
    expect(actor.getSnapshot().can({ type: 'code.submit' })).toBe(allowed);
  });

  it.each(['123 456', '123-456', ' 12 34 56 '])('cleans the pasted %j to 6 digits', (value) => {
    const { actor } = start();
    actor.send({ type: 'code.change', value });
    expect(actor.getSnapshot().context.code).toBe('123456');
    expect(actor.getSnapshot().can({ type: 'code.submit' })).toBe(true);
  });

  it('does not verify an incomplete code', () => {
    const { actor, verify } = start();
    actor.send({ type: 'code.change', value: '123' });
    actor.send({ type: 'code.submit' });
    expect(verify).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ settingUp: { codeEntry: 'editing' } })).toBe(true);
  });

  it('verifies with the cleaned code and the caller’s extra fields, busy meanwhile', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, verify } = start(
      {
        verify: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
      { verifyWith: { email: 'ada@example.com', password: 'secret1' } },
    );
    actor.send({ type: 'code.change', value: '123 456' });
    actor.send({ type: 'code.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.submit' })).toBe(false);
    expect(verify).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1', otpCode: '123456' });
    answer({ redirectUrl: '/me' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });

  it('keeps the setup payload and the code on a failed verify, storing the code and details', async () => {
    const { actor } = start({
      verify: async () => {
        throw rejection({ code: 'unknown_auth_otp_code_error', details: { clockDriftMinutes: 4 } });
      },
    });
    actor.send({ type: 'secret.show' });
    await submitCode(actor);
    const { context } = actor.getSnapshot();
    expect(
      actor.getSnapshot().matches({ settingUp: { codeEntry: 'editing', secretView: 'secretAsText' } }),
    ).toBe(true);
    expect(context.error).toEqual({
      code: 'unknown_auth_otp_code_error',
      field: 'code',
      details: { clockDriftMinutes: 4 },
    });
    expect(context.setup).toEqual(SETUP);
    expect(context.code).toBe('123456');
  });

  it('takes a fresh setup payload when the failure carries one', async () => {
    const fresh = { ...SETUP, secret: 'KRSXG5CTMVRXEZLU' };
    const { actor } = start({
      verify: async () => {
        throw rejection({ code: 'two_factor_auth_is_not_setup_error', twoFactorSetup: fresh });
      },
    });
    await submitCode(actor);
    expect(actor.getSnapshot().context.setup).toEqual(fresh);
  });

  it('stores unknown_server_error for a rejection without a catalogue code, and clears it on typing', async () => {
    const { actor } = start({
      verify: async () => {
        throw new Error('network down');
      },
    });
    await submitCode(actor);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown_server_error', field: 'code' });
    actor.send({ type: 'code.change', value: '12345' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('the default slots reject: nothing happens by accident without a provided verify', async () => {
    const actor = createActor(twoFactorSetupMachine, { input: { setup: SETUP } }).start();
    await submitCode(actor);
    expect(actor.getSnapshot().context.error?.code).toBe('unknown_server_error');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('twoFactorSetupMachine: after a successful verify', () => {
  it.each([
    { redirectUrl: '/me' },
    { redirectUrl: null, recoveryCodes: [] },
  ])('ends at once without recovery codes (%j), with the verify result as output', async (result) => {
    const { actor } = start({ verify: async () => result });
    await submitCode(actor);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(result);
  });

  it('shows the recovery codes and ends only once one is typed back', async () => {
    const result = { redirectUrl: '/me', recoveryCodes: CODES };
    const { actor } = start({ verify: async () => result });
    await submitCode(actor);
    expect(actor.getSnapshot().matches('showingRecoveryCodes')).toBe(true);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);

    // Not a recovery code at all: no submit.
    actor.send({ type: 'recovery.confirmChange', value: 'ab1' });
    expect(actor.getSnapshot().can({ type: 'recovery.confirmSubmit' })).toBe(false);

    // Shaped like one but not ours: mismatch, still showing the codes.
    actor.send({ type: 'recovery.confirmChange', value: 'zz99zz' });
    actor.send({ type: 'recovery.confirmSubmit' });
    expect(actor.getSnapshot().context.confirmMismatch).toBe(true);
    expect(actor.getSnapshot().matches('showingRecoveryCodes')).toBe(true);

    // Typing again clears the mismatch; one of ours, pasted in capitals with a dash, ends the setup.
    actor.send({ type: 'recovery.confirmChange', value: 'EF-34GH' });
    expect(actor.getSnapshot().context.confirmMismatch).toBe(false);
    actor.send({ type: 'recovery.confirmSubmit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(result);
  });

  it('downloads the codes as a .txt file and prints them through the provided effects', async () => {
    const { actor, downloadText, printCodes } = start({ verify: async () => ({ recoveryCodes: CODES }) });
    await submitCode(actor);
    actor.send({ type: 'recovery.download' });
    expect(downloadText).toHaveBeenCalledWith({
      filename: RECOVERY_CODES_FILENAME,
      text: 'ab12cd\nef34gh\n',
    });
    actor.send({ type: 'recovery.print' });
    expect(printCodes).toHaveBeenCalledWith({ codes: CODES });
  });

  it('copies all codes, and alerts when copying fails', async () => {
    let fail = false;
    const { actor, copyText } = start(
      {
        verify: async () => ({ recoveryCodes: CODES }),
        copyText: async () => (fail ? Promise.reject(new Error('denied')) : undefined),
      },
      { canCopy: true },
    );
    await submitCode(actor);
    actor.send({ type: 'recovery.copy' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('copied'));
    expect(copyText).toHaveBeenCalledWith('ab12cd\nef34gh\n');
    fail = true;
    actor.send({ type: 'recovery.copy' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('copyFailed'));
  });
});
