import type { SnapshotFrom } from 'xstate';
import type { magicLinkMachine } from './magicLink.machine';

type Snapshot = SnapshotFrom<typeof magicLinkMachine>;

/**
 * Which screen the magic-link page shows: the Sign in button (asking, and while it is pressed), the loader once
 * signed in and moving on, or the page of a used or expired link.
 */
export const magicLinkScreen = (s: Snapshot): 'signIn' | 'continuing' | 'usedOrExpired' =>
  s.matches('continuing') ? 'continuing' : s.matches('failed') ? 'usedOrExpired' : 'signIn';
