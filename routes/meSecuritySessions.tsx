import { lazy, Suspense, useEffect, useState } from 'react';

// Its own chunk, loaded when /me renders the Security section: /me's first load has a budget (scripts/size.ts).
const SessionsSection = lazy(() =>
  import('./meSecuritySessions.lazy').then((module) => ({ default: module.SessionsSection })),
);

/** The Security part's sessions and devices on /me (routes/meSecuritySessions.lazy.tsx owns its actor). */
export function MeSecuritySessions() {
  // Added once the page runs: the server draws /me's first screen in one synchronous pass, where a lazy part can
  // only fail, and the browser's first render must be the tree the server drew. It loads after that render anyway.
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <SessionsSection />
    </Suspense>
  );
}
