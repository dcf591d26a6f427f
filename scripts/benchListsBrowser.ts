/**
 * `npm run bench:lists -- --browser` (after `npm run build`): the list area's keystrokes as a user feels them, in
 * Chromium on the production build against the reference server, as large@example.com (2,000 channels). The
 * figures `scripts/benchLists.ts` gives are the search's own work; these add React, layout and paint:
 * - keystroke to letter in the box: from the keydown to the end of React's urgent render (the input event);
 * - keystroke to table redrawn: from the keydown to the commit of the table for that query (the deferred render;
 *   a key that leaves the table as it was has no sample);
 * - main-thread tasks of 50 ms or more (Long Tasks API) while /me loads and draws the list, while every column is
 *   sorted both ways (with the click the longest came after), and while typing.
 * Not frame-aligned on purpose: a frame is at most 16.7 ms away whatever the work, so 'to next frame' measures vsync.
 */
import { cpus, loadavg } from 'node:os';
import { launchChromium } from '../test/e2e/browser';
import { startRealServer } from '../test/e2e/realServer';

const TYPED = ['large123ch2harbour', 'harbour channel 17', 'granite chanel 1999', 'large499ch4', 'jnuiper'];
/** Time between two letters: a fast typist. */
const KEY_DELAY_MS = 80;

declare global {
  interface Window {
    listsBench: { echo: number[]; toTable: number[]; longTasks: number[] };
  }
}

const summary = (label: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `${label.padEnd(44)} n ${samples.length}  median ${p(0.5).toFixed(1)} ms  p95 ${p(0.95).toFixed(1)} ms  max ${p(1).toFixed(1)} ms`,
  );
  return p(0.95);
};

/** The channels table's sortable columns, by their header (ui/lists/ChannelsTable.tsx). */
const SORTED_COLUMNS = ['Name', 'Your role', 'Organisation', 'Creator', 'Last Update', 'Creation Date'];

const longTasksText = (durations: number[]) =>
  `${durations.length}${durations.length ? `, longest ${Math.max(...durations).toFixed(0)} ms` : ''}`;

export async function benchListsInBrowser(): Promise<number> {
  console.log(
    `\nChromium, production build, large@example.com; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const server = await startRealServer({ checkConformance: false });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ locale: 'en-US' });
    // Long tasks from the start of every page: the login, then /me drawing 2,000 channels' first page of rows.
    await page.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { pageLongTasks: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill('large@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/me');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await page.locator('tbody tr').first().waitFor();
    await page.waitForTimeout(500);
    const onLoad = await page.evaluate(
      () => (window as unknown as { pageLongTasks: number[] }).pageLongTasks,
    );
    console.log(`long tasks (>= 50 ms) while /me loads and draws the list: ${longTasksText(onLoad)}`);
    // Every column sorted both ways, as a person clicking the headers would, a pause after each; the long tasks of
    // each click's pause are kept with it, so the report says which click the longest came after.
    await page.evaluate(() => (window as unknown as { pageLongTasks: number[] }).pageLongTasks.splice(0));
    const onSort: { click: string; duration: number }[] = [];
    for (const column of SORTED_COLUMNS) {
      for (const direction of ['ascending', 'descending']) {
        await page.getByRole('button', { name: column, exact: true }).click();
        await page.waitForTimeout(300);
        const tasks = await page.evaluate(() =>
          (window as unknown as { pageLongTasks: number[] }).pageLongTasks.splice(0),
        );
        for (const duration of tasks) onSort.push({ click: `${column} ${direction}`, duration });
      }
    }
    const longestSort = onSort.reduce<(typeof onSort)[number] | undefined>(
      (longest, task) => (longest && longest.duration >= task.duration ? longest : task),
      undefined,
    );
    console.log(
      `long tasks (>= 50 ms) while sorting ${SORTED_COLUMNS.length} columns both ways: ${longTasksText(
        onSort.map((task) => task.duration),
      )}${longestSort ? ` (after the click for ${longestSort.click})` : ''}`,
    );
    await search.focus();
    // fuse.js arrives on focus; wait for it so every keystroke searches with it.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/fuse-[^/]*\.js$/.test(entry.name)),
    );
    // tsx keeps function names with a helper the page does not have: give it a stand-in.
    await page.evaluate('window.__name = (fn) => fn');
    await page.evaluate(() => {
      window.listsBench = { echo: [], toTable: [], longTasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.listsBench.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      let keyAt: number | undefined;
      let tableFor: number | undefined;
      window.addEventListener(
        'keydown',
        () => {
          keyAt = performance.now();
          tableFor = keyAt;
        },
        { capture: true },
      );
      // Bubbling to window comes after React's own listener: the letter is in the box (the urgent render).
      window.addEventListener('input', () => {
        if (keyAt !== undefined) window.listsBench.echo.push(performance.now() - keyAt);
      });
      // The deferred render's commit: the first change of the table after the key.
      new MutationObserver(() => {
        if (tableFor === undefined) return;
        window.listsBench.toTable.push(performance.now() - tableFor);
        tableFor = undefined;
      }).observe(document.querySelector('[role=tabpanel]')!, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    for (const word of TYPED) {
      await search.press('ControlOrMeta+A');
      await search.press('Backspace');
      await page.waitForTimeout(200);
      await page.keyboard.type(word, { delay: KEY_DELAY_MS });
      await page.waitForTimeout(300);
    }
    const { echo, toTable, longTasks } = await page.evaluate(() => window.listsBench);
    const frame = summary('keystroke to letter in the box', echo);
    summary('keystroke to table redrawn', toTable);
    console.log(`long tasks (>= 50 ms) while typing: ${longTasksText(longTasks)}`);
    return frame;
  } finally {
    await browser.close();
    await server.stop();
  }
}
