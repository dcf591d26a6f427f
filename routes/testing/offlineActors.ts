/**
 * For route tests that replace api/actors (vi.mock): every actor the module exports, answering as if offline, so a
 * test names only the calls it cares about and a new actor elsewhere on the page does not break it. The names are
 * read from api/actors.ts's text (importing the module would load the API modules those tests replace too): an export built
 * as a pure actor (`= /* @__PURE__ *\/`) is an actor, any other is an actor factory such as createEntryOf.
 *
 *   vi.mock('../../api/actors', async () => ({ ...(await import('../testing/offlineActors')).offlineActors(), login: ... }));
 */
import { fromPromise } from 'xstate';
import source from '../../api/actors.ts?raw';

const offline = () => fromPromise(async () => Promise.reject(new Error('offline')));

export function offlineActors(): Record<string, unknown> {
  return Object.fromEntries(
    [...source.matchAll(/^export const (\w+) = (.*)$/gm)].map(([, name, rest]) => [
      name,
      rest?.startsWith('/* @__PURE__ */') ? offline() : () => offline(),
    ]),
  );
}
