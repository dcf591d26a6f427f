/**
 * Production start-up (README 'Operating it'): refused with one message naming every missing setting, no stack
 * trace; and the demo OpenID provider's module (oidc-provider with it) is not among what production loads.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { productionProblems } from './productionSettings';

const GOOD = {
  NODE_ENV: 'production',
  SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  SITE_URL: 'https://accounts.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
};

describe('production settings', () => {
  it('names everything missing at once, and nothing when all is set', () => {
    const env = { NODE_ENV: 'production' };
    const problems = productionProblems(env, loadConfig(env));
    expect(problems.join(' | ')).toMatch(/SECRET_KEY.*SITE_URL.*SMTP_URL/);
    expect(productionProblems(GOOD, loadConfig(GOOD))).toEqual([]);
    const { SITE_URL: _unset, ...noSite } = GOOD;
    expect(productionProblems(noSite, loadConfig(noSite)).join()).toContain('SITE_URL');
    expect(productionProblems({}, loadConfig({}))).toEqual([]); // demo mode: nothing asked
  });

  it('asks for https, except on loopback where a browser keeps Secure cookies over plain http', () => {
    const withSite = (SITE_URL: string) =>
      productionProblems({ ...GOOD, SITE_URL }, loadConfig({ ...GOOD, SITE_URL }));
    for (const plainPublic of [
      'http://accounts.example.com',
      'http://10.0.0.5:3000',
      'ftp://localhost',
      'not a url',
    ])
      expect(withSite(plainPublic).join(), plainPublic).toContain('SITE_URL over https');
    for (const fine of [
      'https://accounts.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://[::1]:80',
    ])
      expect(withSite(fine), fine).toEqual([]);
  });

  it('the server refuses to start with one message and no stack trace', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prod-start-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^\[server\] failed to start: NODE_ENV=production needs: SECRET_KEY.*SITE_URL.*SMTP_URL/,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 70_000);

  it('no static import from server/main.ts reaches the demo provider or oidc-provider', () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      // Static imports and re-exports only (`import type` is erased); import('...') is dynamic and allowed.
      for (const [, typeOnly, target] of source.matchAll(
        /^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms,
      )) {
        if (typeOnly || !target) continue;
        if (!target.startsWith('.')) {
          if (target === 'oidc-provider') reached.push(`${file} -> oidc-provider`);
          continue;
        }
        const resolved = path.resolve(path.dirname(file), target);
        const next = [`${resolved}.ts`, `${resolved}/index.ts`].find((candidate) => {
          try {
            readFileSync(candidate);
            return true;
          } catch {
            return false;
          }
        });
        if (!next) continue;
        if (next.endsWith(path.join('idp', 'demoProvider.ts'))) reached.push(`${file} -> demoProvider`);
        walk(next);
      }
    };
    walk(path.resolve('server/main.ts'));
    expect(seen.size).toBeGreaterThan(20); // the walk followed the graph
    expect(reached).toEqual([]);
  });
});
