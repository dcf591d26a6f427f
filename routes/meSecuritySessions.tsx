import { lazy, Suspense } from 'react';

// Its own chunk, loaded when /me renders the Security section: /me's first load has a budget (scripts/size.ts).
const SessionsSection = lazy(() =>
  import('./meSecuritySessions.lazy').then((module) => ({ default: module.SessionsSection })),
);

/** The Security part's sessions and devices on /me (routes/meSecuritySessions.lazy.tsx owns its actor). */
export function MeSecuritySessions() {
  return (
    <Suspense fallback={null}>
      <SessionsSection />
    </Suspense>
  );
}
