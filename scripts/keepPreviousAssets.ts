/**
 * Deploys without broken pages (docs/decisions/operations.md: Deploys keep the previous assets): a page loaded before a
 * deploy still asks for its own hashed chunks (lazy screens) after it. The build keeps the previous builds' files
 * of dist/assets that are younger than KEEP_DAYS beside the new ones: their names are content hashes, so they never
 * clash with the new build's, and the server (server/site.ts) serves them as before.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';

export const KEEP_DAYS = 7;

/** Copies the assets worth keeping aside; answers where (null when there is nothing). */
export const stashAssets = (assetsDir: string, now = Date.now()): string | null => {
  if (!existsSync(assetsDir)) return null;
  const stash = mkdtempSync(path.join(tmpdir(), 'previous-assets-'));
  for (const name of readdirSync(assetsDir)) {
    const file = path.join(assetsDir, name);
    const stat = statSync(file);
    if (stat.isFile() && now - stat.mtimeMs < KEEP_DAYS * 86_400_000)
      cpSync(file, path.join(stash, name), { preserveTimestamps: true });
  }
  return stash;
};

/** Puts the stashed files back where the new build has no file of that name; answers how many. */
export const restoreAssets = (stash: string | null, assetsDir: string): number => {
  if (!stash) return 0;
  mkdirSync(assetsDir, { recursive: true });
  let restored = 0;
  for (const name of readdirSync(stash)) {
    const target = path.join(assetsDir, name);
    if (existsSync(target)) continue;
    cpSync(path.join(stash, name), target, { preserveTimestamps: true });
    restored += 1;
  }
  rmSync(stash, { recursive: true, force: true });
  return restored;
};

export function keepPreviousAssets(outDir = 'dist'): Plugin {
  let stash: string | null = null;
  const assetsDir = path.join(outDir, 'assets');
  return {
    name: 'keep-previous-assets',
    apply: 'build',
    // Before Vite empties outDir.
    buildStart() {
      stash = stashAssets(assetsDir);
    },
    closeBundle() {
      const restored = restoreAssets(stash, assetsDir);
      stash = null;
      if (restored > 0) console.log(`kept ${restored} files of the previous builds in ${assetsDir}`);
    },
  };
}
