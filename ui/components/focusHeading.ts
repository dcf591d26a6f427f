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
 */
export function focusPageHeadingWhenDrawn(doc: Document, timeoutMs = 10_000): () => void {
  const focusIsNowhere = () => doc.activeElement === null || doc.activeElement === doc.body;
  const attempt = (): boolean => {
    if (!focusIsNowhere()) return true;
    const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
    // A screen drawn by the server stays inert until the app has taken it over (routes/appRoot.tsx), and an inert
    // heading refuses the focus: wait for the attribute to go.
    if (!heading || heading.closest('[inert]')) return false;
    focusHeading(heading);
    return !focusIsNowhere();
  };
  if (attempt()) return () => {};
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
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
