/** A deploy keeps the previous build's hashed assets (younger than KEEP_DAYS) beside the new ones. */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_DAYS, restoreAssets, stashAssets } from './keepPreviousAssets';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('keepPreviousAssets', () => {
  it('old build files come back beside the new build; too old ones and clashing names do not', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
    const assets = path.join(dir, 'assets');
    mkdirSync(assets);
    writeFileSync(path.join(assets, 'Login-old1.js'), 'old login');
    writeFileSync(path.join(assets, 'index-same.css'), 'old css');
    writeFileSync(path.join(assets, 'ancient-x.js'), 'ancient');
    const longAgo = (Date.now() - (KEEP_DAYS + 1) * 86_400_000) / 1000;
    utimesSync(path.join(assets, 'ancient-x.js'), longAgo, longAgo);

    const stash = stashAssets(assets);
    // The new build: Vite empties the directory and writes its own files.
    rmSync(assets, { recursive: true });
    mkdirSync(assets);
    writeFileSync(path.join(assets, 'Login-new2.js'), 'new login');
    writeFileSync(path.join(assets, 'index-same.css'), 'new css');

    expect(restoreAssets(stash, assets)).toBe(1);
    expect(readdirSync(assets).sort()).toEqual(['Login-new2.js', 'Login-old1.js', 'index-same.css']);
    expect(readFileSync(path.join(assets, 'index-same.css'), 'utf8')).toBe('new css');
  });

  it('a first build has nothing to keep', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
    expect(stashAssets(path.join(dir, 'assets'))).toBeNull();
    expect(restoreAssets(null, path.join(dir, 'assets'))).toBe(0);
  });
});
