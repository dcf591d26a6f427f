import type { Locator, Page } from 'playwright-core';
import { appIsLive } from './support';

/**
 * Moves the focus with the Tab key alone (Shift+Tab with `backwards`) until `target` has it: proves the control is
 * reachable by keyboard, in the page's own tab order, once the app runs the page. Fails after `limit` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 60 }: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  await target.waitFor();
  // A page the server drew is inert until the app runs it: no Tab reaches anything on it before then.
  await appIsLive(page);
  for (let presses = 0; presses <= limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Whether `target` has the focus now. */
export const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === document.activeElement);
