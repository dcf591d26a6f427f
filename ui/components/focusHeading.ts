/** Focuses a heading (focusable by script only, like every heading we move the focus to: base.css drops its ring). */
export function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * After a page load or a navigation, moves the focus to the page's heading (its first h1) as soon as it is drawn,
 * so that a screen reader starts there and Tab continues from it (WCAG 2.4.3 Focus Order), instead of the focus
 * staying on the body. It never takes the focus from an element that has it already (a form that focused its own
 * field, or the person), and gives up after `timeoutMs`. Returns a function that stops waiting.
 *
 * A screen drawn by the server is inert until the app has taken it over, and its heading refuses the focus until
 * then. Once it is not, the focus moves when the browser is next idle (bounded by HYDRATION_WAIT_MS): React takes
 * the screen over in slices, and a focus event on a part not yet taken over makes React take that part over at
 * once, in one long task that a tap would wait behind (docs/benchmarks.md: /me).
 */
export function focusPageHeadingWhenDrawn(doc: Document, timeoutMs = 10_000): () => void {
  const focusIsNowhere = () => doc.activeElement === null || doc.activeElement === doc.body;
  let drawnByServer = false;
  let stopped = false;
  let idle: 'not yet' | 'waiting' | 'reached' = 'not yet';
  const attempt = (): boolean => {
    if (!focusIsNowhere()) return true;
    const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (heading.closest('[inert]')) {
      drawnByServer = true;
      return false;
    }
    if (drawnByServer && idle !== 'reached') {
      if (idle === 'not yet') {
        idle = 'waiting';
        whenIdle(doc, () => {
          if (stopped) return;
          idle = 'reached';
          if (attempt()) stop();
        });
      }
      return false;
    }
    focusHeading(heading);
    return !focusIsNowhere();
  };
  if (attempt()) return () => {};
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['inert'],
  });
  return stop;
}

/** The longest the focus waits for an idle moment after a drawn screen came alive. */
const HYDRATION_WAIT_MS = 2000;

/** Runs `then` when the browser is idle (at the latest after HYDRATION_WAIT_MS); a timer where idleness is unknown. */
function whenIdle(doc: Document, then: () => void): void {
  const view = doc.defaultView;
  if (view && 'requestIdleCallback' in view) view.requestIdleCallback(then, { timeout: HYDRATION_WAIT_MS });
  else setTimeout(then, 0);
}
