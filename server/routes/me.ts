/** GET /api/me and PUT /api/me (spec 7 Profile, Save profile): the profile in the wire names of spec 3. */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowIdOf, VALIDATION_CODES } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import { type SaveProfileAnswerWire, SaveProfileRequestWire } from '../../api/contract/profile';
import { images, type UserLinks, type UserLocation, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fieldError } from '../http/problem';
import { readJson } from '../http/validate';
import { authenticated } from '../sessions';
import { imageRef, toUserProfileWire } from '../users';

/** '' means "not set" on the wire (contract optionalText); the database says null. */
const orNull = (value: string): string | null => (value === '' ? null : value);
const withoutEmpty = <T extends Record<string, string>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<T>;

export const meRoutes = (deps: AppDeps) => {
  const { db, clock } = deps;
  const signedIn = authenticated(deps);

  return (
    new Hono<AppEnv>()
      // Per handler, not `.use` on the path: DELETE /api/me (meSecurity.ts) shares it and has its own.
      .get(API_PATHS.getMe.path, signedIn, async (c) => c.json(await toUserProfileWire(db, c.var.user)))

      .put(API_PATHS.saveProfile.path, signedIn, async (c) => {
        const user = c.var.user;
        const body = await readJson(c, SaveProfileRequestWire);
        const imageId = body.imageId === null ? null : (rowIdOf(body.imageId) ?? 0); // no row has id 0
        if (imageId !== null) {
          // Only one's own image records can become one's picture.
          const [own] =
            imageId !== 0
              ? await db
                  .select({ id: images.id })
                  .from(images)
                  .where(and(eq(images.id, imageId), eq(images.userId, user.id)))
              : [];
          if (!own) throw fieldError('imageId', VALIDATION_CODES.type);
        }
        const [saved] = await db
          .update(users)
          .set({
            screenName: body.screenName,
            phone: orNull(body.phone),
            position: orNull(body.position),
            department: orNull(body.department),
            bio: orNull(body.bio),
            imageId,
            links: withoutEmpty(body.links) as UserLinks,
            location: withoutEmpty(body.location) as UserLocation,
            updatedAt: clock.now(),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (!saved) throw new Error('profile vanished while saving');
        const answer: SaveProfileAnswerWire = {
          username: saved.screenName,
          phone: saved.phone,
          department: saved.department,
          position: saved.position,
          bio: saved.bio,
          location: saved.location,
          links: saved.links,
          image: await imageRef(db, saved.imageId),
          imageId: saved.imageId,
        };
        return c.json(answer);
      })
  );
};
