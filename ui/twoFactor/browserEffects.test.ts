import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { i18n } from '../../i18n/i18n';
import { twoFactorSetupMachine, verifyActor } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import {
  canCopyText,
  copyText,
  downloadText,
  printCodes,
  twoFactorSetupBrowserEffects,
} from './browserEffects';

const setClipboard = (writeText: ((text: string) => Promise<void>) | undefined) =>
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setClipboard(undefined);
});

describe('copyText', () => {
  it('writes to the clipboard where there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    expect(canCopyText()).toBe(true);
    await copyText('JBSWY3DP');
    expect(writeText).toHaveBeenCalledWith('JBSWY3DP');
  });

  it('rejects without a clipboard, so the machine shows the text to copy by hand', async () => {
    setClipboard(undefined);
    expect(canCopyText()).toBe(false);
    await expect(copyText('JBSWY3DP')).rejects.toThrow(/clipboard/);
  });

  it('rejects when the browser refuses', async () => {
    setClipboard(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await expect(copyText('JBSWY3DP')).rejects.toThrow('denied');
  });
});

describe('downloadText', () => {
  it('clicks a temporary download link with a plain-text blob', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    let clicked: HTMLAnchorElement | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });
    downloadText({ filename: 'recovery-codes.txt', text: 'ab12cd\n' });
    expect(clicked?.download).toBe('recovery-codes.txt');
    expect(clicked?.href).toBe('blob:codes');
    expect(clicked?.isConnected).toBe(false);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toMatch(/^text\/plain/);
    expect(await blob?.text()).toBe('ab12cd\n');
  });
});

describe('printCodes', () => {
  it('prints the page (the print stylesheet keeps only the codes)', () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    printCodes();
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('twoFactorSetupBrowserEffects', () => {
  it('plugs into the machine: the download button saves recovery-codes.txt naming the site, account and date', async () => {
    // The app's one i18n instance, active in the app once its language is loaded (LanguageGate).
    i18n.loadAndActivate({ locale: 'en-US', messages: {} });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const machine = twoFactorSetupMachine.provide({
      ...twoFactorSetupBrowserEffects,
      actors: {
        ...twoFactorSetupBrowserEffects.actors,
        verify: verifyActor(async () => ({ recoveryCodes: ['ab12cd'] })),
      },
    });
    const actor = createActor(machine, {
      input: { setup: { secret: 'JBSWY3DP', otpURL: '', dataURL: '' }, account: 'ada@example.com' },
    }).start();
    actor.send({ type: 'code.change', value: '123456' });
    actor.send({ type: 'code.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingRecoveryCodes'));
    actor.send({ type: 'recovery.download' });
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('recovery-codes.txt');
    const text = (await createObjectURL.mock.calls[0]?.[0].text()) ?? '';
    expect(text.split('\n')[0]).toBe(
      `Recovery codes for ada@example.com at ${window.location.host}, saved on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date())}.`,
    );
    expect(text.endsWith('\nab12cd\n')).toBe(true);
  });
});
