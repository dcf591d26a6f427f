import type { FuseClass } from '../../machines/lists/lists.search';

let loading: Promise<FuseClass> | undefined;

/**
 * fuse.js is only for the list search (spec 2), so it is fetched on first use, never in a first load
 * (`npm run size` checks). One request however many times it is asked for.
 */
export function loadFuse(): Promise<FuseClass> {
  loading ??= import('fuse.js').then((module) => module.default);
  return loading;
}
