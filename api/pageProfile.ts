/**
 * /me drawn by the server comes with the profile it was drawn with: the GET /api/me answer of the session the
 * server checked when it sent the page (server/sitePage.ts), as an inert JSON script. The app starts from it
 * (routes/guards.ts guardMe) instead of asking again before its first render, so it takes over the very screen the
 * server drew. Read once: the element goes, so no later render can take an older profile from it.
 */
import * as v from 'valibot';
import { fromUserProfileWire, PAGE_PROFILE_ID, type UserProfile, UserProfileWire } from './contract/profile';

/** The profile in a GET /api/me answer; undefined for anything that is not one. */
export const profileOfAnswer = (answer: unknown): UserProfile | undefined => {
  const parsed = v.safeParse(UserProfileWire, answer);
  return parsed.success ? fromUserProfileWire(parsed.output) : undefined;
};

/** The page's profile, taken out of the page; undefined without one or when unreadable (the app then asks). */
export function takePageProfile(): UserProfile | undefined {
  const element = document.getElementById(PAGE_PROFILE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return profileOfAnswer(JSON.parse(element.textContent ?? ''));
  } catch {
    return undefined;
  }
}
