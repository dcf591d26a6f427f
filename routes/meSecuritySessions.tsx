import { useEffect, useState } from 'react';
import { reportFailure } from '../ui/observability/errorReporting';

type SessionsModule = typeof import('./meSecuritySessions.lazy');

/**
 * The Security part's sessions and devices on /me (routes/meSecuritySessions.lazy.tsx owns its actor). Its own
 * chunk (/me's first load has a budget, scripts/size.ts), loaded once the page runs: the server draws /me's first
 * screen in one synchronous pass without it, and the browser's first render must be the tree the server drew.
 * The same way as the passkeys part (routes/meSecurityPasskeys.tsx; routes/README.md: no React.lazy).
 */
export function MeSecuritySessions() {
  const [part, setPart] = useState<SessionsModule | null>(null);
  useEffect(() => {
    let current = true;
    import('./meSecuritySessions.lazy')
      .then((module) => {
        if (current) setPart(module);
      })
      .catch((error: unknown) =>
        reportFailure('unknown_server_error', { call: 'load sessions part', error: String(error) }),
      );
    return () => {
      current = false;
    };
  }, []);
  return part ? <part.SessionsSection /> : null;
}
