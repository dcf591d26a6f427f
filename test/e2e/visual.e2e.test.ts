import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive } from './support';
import { BASELINES, BASELINES_MAX_BYTES, checkBaselineFolder, compareWithBaseline, UPDATING } from './visual';

/**
 * The visual check (README: The visual check): the key states drawn by the reference server's production build,
 * compared with the baselines in test/e2e/visual/ by pixelmatch (test/e2e/visual.ts). Each state at two of the
 * four looks, one narrow and one wide, one light and one dark, so every look is seen on about half of the states
 * and the run stays at 18 screenshots in four browser contexts.
 *
 * Steady pixels: one Chromium with the system's fonts, no animation (reduced motion and Playwright's
 * `animations: 'disabled'`), no caret, a fixed time zone; each account is signed up fresh with fixed names by the
 * context that shows it (so it has one session, this one), and the texts that change from run to run (dates and
 * times, a session's reference) are replaced by fixed ones of the same form before the picture is taken.
 */
type Look = { width: 390 | 1280; scheme: 'light' | 'dark' };
const LOOKS = {
  phoneLight: { width: 390, scheme: 'light' },
  phoneDark: { width: 390, scheme: 'dark' },
  wideLight: { width: 1280, scheme: 'light' },
  wideDark: { width: 1280, scheme: 'dark' },
} as const satisfies Record<string, Look>;
type LookName = keyof typeof LOOKS;
/** Two looks a state is taken at: a phone in one scheme and a wide screen in the other. */
const A: readonly LookName[] = ['phoneLight', 'wideDark'];
const B: readonly LookName[] = ['phoneDark', 'wideLight'];

interface State {
  name: string;
  looks: readonly LookName[];
  /** After sign-up: the states of /me. */
  signedIn: boolean;
  /** Opens the state; answers what to photograph. */
  open: (page: Page) => Promise<Locator>;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const url = (path: string) => new URL(path, inject('serverUrl')).href;

/** A landing page at `path`, once the app runs it. */
const landing =
  (path: string) =>
  async (page: Page): Promise<Locator> => {
    await page.goto(url(path));
    await appIsLive(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page.locator('main');
  };

/** A section of /me, once its content came. */
const meSection =
  (path: string, ready: (page: Page) => Locator) =>
  async (page: Page): Promise<Locator> => {
    await page.goto(url(path));
    await appIsLive(page);
    await ready(page).first().waitFor();
    return page.locator('main');
  };

const STATES: State[] = [
  { name: 'login', looks: A, signedIn: false, open: landing('/login') },
  { name: 'register', looks: B, signedIn: false, open: landing('/register') },
  {
    name: 'forgot-password',
    looks: A,
    signedIn: false,
    open: landing('/forgot_password'),
  },
  { name: 'start', looks: B, signedIn: false, open: landing('/start') },
  {
    name: 'lit',
    looks: A,
    signedIn: false,
    open: async (page) => {
      const main = await landing('/lit')(page);
      await page.locator('.ui-brand img').waitFor();
      return main;
    },
  },
  {
    name: 'me-profile',
    looks: B,
    signedIn: true,
    open: meSection('/me', (page) => page.getByRole('button', { name: 'Edit', exact: true })),
  },
  {
    name: 'me-security',
    looks: A,
    signedIn: true,
    open: meSection('/me/security', (page) => page.getByRole('button', { name: 'Sign out of this device' })),
  },
  {
    name: 'me-lists',
    looks: B,
    signedIn: true,
    open: meSection('/me/lists', (page) => page.locator('tbody tr')),
  },
  {
    name: 'me-delete-account',
    looks: A,
    signedIn: true,
    open: async (page) => {
      await meSection('/me/security', (p) => p.getByRole('button', { name: 'Sign out of this device' }))(
        page,
      );
      await page.getByRole('button', { name: 'Delete account…' }).click();
      const part = page
        .locator('.me-security-part')
        .filter({ has: page.getByRole('heading', { name: 'Delete account', exact: true }) });
      await part.getByRole('button', { name: 'Delete my account' }).waitFor();
      return part;
    },
  },
];

/**
 * The texts that differ from run to run, each replaced by a fixed one of the same form (so the layout around it
 * is the one the real text has): the sessions' dates, times and references, the lists' dates, and the seconds
 * until the confirmation mail can be sent again (a countdown that runs while the page is drawn).
 */
const STEADY_TEXTS: Record<string, string> = {
  '.ui-resend__wait': 'You can send it again in 60 s.',
  '.me-sessions__dates': 'Signed in 01 Jan 2026, 09:00 · Last seen 01 Jan 2026, 09:00 · Reference AbCdEf',
  'td[data-label="Last Update"]': '01 Jan 2026',
  'td[data-label="Creation Date"]': '01 Jan 2026',
};

/**
 * Waits until nothing loads and the pictures and fonts are in, then fixes the changing texts; the server's port
 * (a free one each run, shown in the channel address on /register) reads as 3000.
 */
async function steady(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const port = new URL(inject('serverUrl')).port;
  await page.evaluate(
    async ({ texts, port }) => {
      await document.fonts.ready;
      await Promise.all(
        [...document.images].map((image) =>
          image.complete ? undefined : new Promise((done) => image.addEventListener('load', done)),
        ),
      );
      for (const [selector, text] of Object.entries(texts))
        for (const element of document.querySelectorAll(selector)) element.textContent = text;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.nodeValue?.includes(`localhost:${port}`))
          node.nodeValue = node.nodeValue.replaceAll(`localhost:${port}`, 'localhost:3000');
    },
    { texts: STEADY_TEXTS, port },
  );
}

let browser: Browser;
const taken = new Set<string>();
/** The looks whose test ran: the folder is only judged (or tidied) after a run of all four. */
const lookedAt = new Set<LookName>();
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('the visual check', () => {
  it.each(
    Object.keys(LOOKS) as LookName[],
  )('the key states at the %s look match their baselines', async (lookName) => {
    const look = LOOKS[lookName];
    const context = await newWatchedContext(browser, {
      locale: 'en-US',
      timezoneId: 'UTC',
      colorScheme: look.scheme,
      reducedMotion: 'reduce',
      viewport: { width: look.width, height: 800 },
      deviceScaleFactor: 1,
      // The sessions part names the browser from it: a newer Chromium would otherwise change the words.
      userAgent: USER_AGENT,
    });
    const page = await context.newPage();
    const differences: string[] = [];
    const shoot = async (state: State) => {
      const target = await state.open(page);
      await steady(page);
      // From the top each time: the part's box can sit at a fraction of a pixel, and where the focus or a click
      // left the page scrolled would decide which row its edge falls on (a row of differing pixels, now and then).
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = `${state.name}-${look.width}-${look.scheme}`;
      const shot = await target.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
      taken.add(name);
      const difference = compareWithBaseline(name, shot);
      if (difference) differences.push(difference);
    };
    const mine = STATES.filter((state) => state.looks.includes(lookName));
    for (const state of mine.filter((s) => !s.signedIn)) await shoot(state);

    // A fresh account with fixed names, signed up by this context: its one session is this browser's.
    const origin = new URL(inject('serverUrl')).origin;
    const tag = lookName.toLowerCase();
    const signedUp = await page.request.post(url(API_PATHS.registerCurator.path), {
      data: {
        email: `visual-${tag}@example.com`,
        pwd: 'visual-check-password-1',
        screenName: 'Vera Visual',
        channelName: `Visual ${tag}`,
        subdomain: `visual${tag}`,
      },
      headers: { origin },
    });
    expect(signedUp.status(), await signedUp.text()).toBeLessThan(300);
    for (const state of mine.filter((s) => s.signedIn)) await shoot(state);
    await context.close();
    lookedAt.add(lookName);
    expect(differences).toEqual([]);
  }, 120_000);

  it(`every baseline is taken, and ${BASELINES} stays under ${BASELINES_MAX_BYTES} bytes`, ({ skip }) => {
    if (lookedAt.size < Object.keys(LOOKS).length) skip('not every look was taken in this run');
    const { stale, bytes } = checkBaselineFolder(taken);
    expect(
      stale,
      UPDATING ? undefined : 'baselines no state takes (npm run visual:update removes them)',
    ).toEqual([]);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(BASELINES_MAX_BYTES);
  });
});
