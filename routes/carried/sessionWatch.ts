import { useEffect } from 'react';
import { onCredentialRefused } from '../../api/credentialRefusals';
import { ApiError } from '../../api/errors';
import { getMe } from '../../api/profile';

/**
 * How seldom a tab coming back asks whether its session still lives (docs/decisions/product.md 'Signed out
 * elsewhere'). Ours; the spec gives no number. Switching tabs back and forth costs one GET /api/me per this much time at most.
 */
export const SESSION_RECHECK_MS = 10_000;

/**
 * A session ended elsewhere (a password change in another browser, 'sign out everywhere else', a recovery) is
 * learnt when the tab regains focus: GET /api/me, throttled, and only a refused session (unknown_credential_error)
 * calls `onEnded`; a network failure says nothing about the session and is let be. A call of the page the server
 * refused with that code (api/credentialRefusals.ts: a form sent in a tab that never lost focus) asks at once, whatever the
 * throttle: a wrong current password is refused with the same code, so only GET /api/me can tell them apart.
 */
export function useSessionWatch(onEnded: () => void, check: () => Promise<unknown> = getMe): void {
  useEffect(() => {
    // The first return asks at once: the page's own read may be long past (a tab left in the background).
    let last = Number.NEGATIVE_INFINITY;
    let live = true;
    // One question at a time: the check's own refusal is heard too, and must not ask again.
    let asking = false;
    const ask = () => {
      asking = true;
      last = Date.now();
      check()
        .catch((error: unknown) => {
          if (live && error instanceof ApiError && error.failure.code === 'unknown_credential_error')
            onEnded();
        })
        .finally(() => {
          asking = false;
        });
    };
    const recheck = () => {
      if (document.visibilityState !== 'visible' || asking || Date.now() - last < SESSION_RECHECK_MS) return;
      ask();
    };
    const refused = () => {
      if (!asking) ask();
    };
    const stopHearing = onCredentialRefused(refused);
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      live = false;
      stopHearing();
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [onEnded, check]);
}
