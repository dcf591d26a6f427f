/**
 * The profile /me is drawn with (server/sitePage.ts): the GET /api/me answer of the session the page request
 * carries, read exactly as that call reads it (the same session check, the same moment-old read it may reuse,
 * server/sessionReads.ts), so the page promises nothing the call would not. Null without a valid session.
 */
import type { Context } from 'hono';
import type { UserProfileWire } from '../api/contract/profile';
import type { AppDeps } from './deps';
import { sessionUser } from './sessions';
import { toUserProfileWire } from './users';

export const pageProfile =
  (deps: AppDeps) =>
  async (c: Context): Promise<UserProfileWire | null> => {
    const found = await sessionUser(c, deps, { fromMemory: true });
    return found ? toUserProfileWire(deps.db, found.user) : null;
  };
