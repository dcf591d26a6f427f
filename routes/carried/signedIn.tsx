import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { SignedInNotice } from '../../ui/login/SignedInNotice';
import { findSession } from '../guards';

/**
 * The profile of the session this browser has, once known; null while asking and without one. Asked from an
 * effect, not a route loader: the server draws /login's first screen by running the router (routes/firstScreen.tsx),
 * where a loader would ask for a session it cannot have, and the page must not wait for the answer anyway.
 */
export function useSignedInProfile(): UserProfile | null {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  useEffect(() => {
    let live = true;
    void findSession().then((found) => {
      if (live) setProfile(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return profile;
}

/** /login (without `next`) and /register: a signed-in visitor is offered to continue to /me. */
export function SignedInOffer() {
  const profile = useSignedInProfile();
  if (!profile) return null;
  return (
    <SignedInNotice email={profile.email} continueLink={(children) => <Link to="/me">{children}</Link>} />
  );
}
