import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newWatchedContext } from '../e2e/browser';
import { rehearsal, sharedBrowser, siteUrl } from './support';

/**
 * A rolling restart during a person's visit (docs/decisions/operations.md: Rolling restart, Deploys keep the previous assets):
 * instance A (WORKERS=2) is sent SIGHUP, and while its workers are replaced one after the other, pages are opened
 * through the balancer in fresh browser contexts (no cache), each loading its HTML and its lazy screen's chunks, from A
 * or from B as the balancer alternates. Every page must show its screen: no request lost, no script missing.
 */
const browser = sharedBrowser();

/**
 * The primary's worker processes, read from /proc: with WORKERS=2, two. Only its node children: the server runs
 * through tsx (`node --import tsx`), and such a process can have tsx's `esbuild` service as a child too: a run counted
 * three children.
 */
function workersOf(primary: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...": the name may hold spaces, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === primary && name === 'node') children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

const PAGES = [
  ['/login', 'Log in'],
  ['/forgot_password', 'Forgot your password?'],
  ['/register', 'Create your channel'],
  ['/start', 'Sign up with your company ID'],
] as const;

describe('a rolling restart of WORKERS=2 during a visit', () => {
  it('loses no page and no screen while both workers are replaced', async () => {
    const primary = rehearsal().serverPid;
    const before = workersOf(primary);
    expect(before).toHaveLength(2);
    process.kill(primary, 'SIGHUP');
    const replaced = () => {
      const now = workersOf(primary);
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    };
    // A worker's start takes tens of seconds on a busy machine; keep visiting until both are new, then once more.
    const deadline = Date.now() + 180_000;
    let visits = 0;
    let afterReplaced = 0;
    while (afterReplaced < PAGES.length && Date.now() < deadline) {
      const [path, heading] = PAGES[visits % PAGES.length] ?? PAGES[0];
      const context = await newWatchedContext(browser(), { locale: 'en-US' });
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (request) => {
        // ERR_ABORTED is the page's own cancelling (a check superseded by the next render), not the server's doing;
        // a lost request reads ERR_EMPTY_RESPONSE, ERR_CONNECTION_RESET or ERR_CONNECTION_CLOSED.
        const error = request.failure()?.errorText ?? '';
        if (error !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${error}`);
      });
      page.on('response', (answer) => {
        if (answer.status() >= 500) failed.push(`${answer.url()} ${answer.status()}`);
      });
      const answer = await page.goto(siteUrl(path));
      expect(answer?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      // The app took the drawn screen over: its lazy chunks arrived.
      await page.locator('#root:not([inert])').waitFor();
      expect(failed, path).toEqual([]);
      await context.close();
      visits += 1;
      if (replaced()) afterReplaced += 1;
    }
    expect(replaced()).toBe(true);
    expect(visits).toBeGreaterThan(PAGES.length);
  }, 300_000);
});
