import { useEffect } from 'react';
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
 * calls `onEnded`; a network failure says nothing about the session and is let be.
 */
export function useSessionWatch(onEnded: () => void, check: () => Promise<unknown> = getMe): void {
  useEffect(() => {
    // The first return asks at once: the page's own read may be long past (a tab left in the background).
    let last = Number.NEGATIVE_INFINITY;
    let live = true;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < SESSION_RECHECK_MS) return;
      last = Date.now();
      check().catch((error: unknown) => {
        if (live && error instanceof ApiError && error.failure.code === 'unknown_credential_error') onEnded();
      });
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [onEnded, check]);
}
