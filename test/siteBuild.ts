import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The production build for the browser tests (`vite build` with NODE_ENV=production: Vitest sets NODE_ENV=test,
 * which would make Vite build a development bundle). `npm test` runs the e2e journeys and then the rehearsal in two
 * Vitest runs: the second finds the first's build by a stamp of what went into it (the newest change and the
 * number of the site's source files, the build settings in the environment) and does not build again.
 */
const SITE_INPUTS = [
  'api',
  'machines',
  'ui',
  'routes',
  'containers',
  'i18n',
  'public',
  'main.tsx',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/firstScreenBundle.ts',
  'scripts/chunkModules.ts',
  // The explorer's documents (/flows/spec, /flows/decisions) and its coverage are read into its chunk.
  'docs/spec.md',
  'docs/decisions',
  'docs/coverage/model.json',
];
/** Beside the build, not in it (the server would serve it). */
const STAMP_DIR = 'node_modules/.cache/site-build';

const walk = (path: string, seen: { newest: number; files: number }) => {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) walk(join(path, entry), seen);
    return;
  }
  seen.newest = Math.max(seen.newest, stat.mtimeMs);
  seen.files += 1;
};

const stampOf = (args: string): string => {
  const seen = { newest: 0, files: 0 };
  for (const input of SITE_INPUTS) walk(input, seen);
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'SITE_FLOWS')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ args, ...seen, settings });
};

/** Builds into `outDir` unless the build there was made from the same sources and settings. */
export function buildSite(args: string, outDir = 'dist'): void {
  const stamp = stampOf(args);
  const stampFile = join(STAMP_DIR, `${outDir.replace(/\W/g, '_')}.stamp`);
  if (
    existsSync(join(outDir, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp
  )
    return;
  execSync(`npx vite build ${args} --logLevel warn`, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  mkdirSync(STAMP_DIR, { recursive: true });
  writeFileSync(stampFile, stamp);
}
