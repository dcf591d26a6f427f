import { afterEach, describe, expect, it } from 'vitest';
import { focusPageHeadingWhenDrawn } from './focusHeading';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

/** Runs `test` with the browser's idle callbacks held in a list, to be called when the test says so. */
async function withIdleCallbacks(test: (idleCallbacks: (() => void)[]) => Promise<void>) {
  const idleCallbacks: (() => void)[] = [];
  const original = window.requestIdleCallback;
  window.requestIdleCallback = ((callback: () => void) => idleCallbacks.push(callback)) as never;
  try {
    await test(idleCallbacks);
  } finally {
    window.requestIdleCallback = original;
  }
}

/** A screen drawn by the server, watched for its heading, then taken over by the app (no longer inert). */
async function drawnScreenComesAlive(): Promise<() => void> {
  document.body.innerHTML = '<div id="root" inert><main><h1>Your account</h1></main></div>';
  const stop = focusPageHeadingWhenDrawn(document);
  document.getElementById('root')?.removeAttribute('inert');
  await settle();
  return stop;
}

describe('focusPageHeadingWhenDrawn', () => {
  it('focuses the page heading once it is drawn, not the body', async () => {
    const stop = focusPageHeadingWhenDrawn(document);
    expect(document.activeElement).toBe(document.body);
    document.body.innerHTML = '<header><h1>Logo</h1></header><main><p>text</p><h1>Your account</h1></main>';
    await settle();
    expect(document.activeElement?.textContent).toBe('Your account');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    stop();
  });

  it('focuses a heading that is there already', () => {
    document.body.innerHTML = '<h1>Privacy</h1>';
    focusPageHeadingWhenDrawn(document);
    expect(document.activeElement?.textContent).toBe('Privacy');
  });

  it('waits for a screen drawn by the server to stop being inert (its heading refuses the focus until then)', async () => {
    document.body.innerHTML = '<div id="root" inert><main><h1>Your account</h1></main></div>';
    const stop = focusPageHeadingWhenDrawn(document);
    expect(document.activeElement).toBe(document.body);
    document.getElementById('root')?.removeAttribute('inert');
    await settle();
    await settle();
    expect(document.activeElement?.textContent).toBe('Your account');
    stop();
  });

  it('moves the focus onto a drawn screen only once the browser is idle, so React is not hurried', async () => {
    await withIdleCallbacks(async (idleCallbacks) => {
      const stop = await drawnScreenComesAlive();
      expect(document.activeElement).toBe(document.body);
      expect(idleCallbacks).toHaveLength(1);
      idleCallbacks[0]?.();
      expect(document.activeElement?.textContent).toBe('Your account');
      stop();
    });
  });

  it('does not move the focus when told to stop while it waited for the idle moment', async () => {
    await withIdleCallbacks(async (idleCallbacks) => {
      const stop = await drawnScreenComesAlive();
      stop();
      idleCallbacks[0]?.();
      expect(document.activeElement).toBe(document.body);
    });
  });

  it('leaves the focus where a form or the person put it', async () => {
    document.body.innerHTML = '<main><input aria-label="E-mail"></main>';
    const field = document.querySelector('input') as HTMLInputElement;
    const stop = focusPageHeadingWhenDrawn(document);
    field.focus();
    document.querySelector('main')?.insertAdjacentHTML('afterbegin', '<h1>Log in</h1>');
    await settle();
    expect(document.activeElement).toBe(field);
    stop();
  });

  it('stops waiting when told to', async () => {
    const stop = focusPageHeadingWhenDrawn(document);
    stop();
    document.body.innerHTML = '<h1>Late</h1>';
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
