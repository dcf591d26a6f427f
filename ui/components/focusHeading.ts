/** Focuses a heading (focusable by script only, like every heading we move the focus to: base.css drops its ring). */
export function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
