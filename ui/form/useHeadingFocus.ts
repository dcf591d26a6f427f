import { type RefObject, useEffect, useRef } from 'react';
import { focusHeading } from '../components/focusHeading';

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/** Stands for 'no stage yet', so that the first stage (the mount) counts as a change. */
const NOT_MOUNTED = Symbol('not mounted');

/** The heading itself, or the first heading inside the element around it. */
const headingIn = (element: HTMLElement | null): HTMLElement | null =>
  element?.matches(HEADINGS) ? element : (element?.querySelector<HTMLElement>(HEADINGS) ?? null);

/**
 * The form kit's focus rule for a heading that is not a form's (WCAG 2.4.3): a result page, a part that opens, a
 * stage of a flow. `ref` is the heading or the element around it (its first heading is focused). The heading takes
 * the focus when the view mounts and each time `when` changes to a value other than `false`: `when` names the stage
 * (the setup's steps, then its codes), `false` is 'not now'. `onMount: false` waits for the first change (a panel
 * whose heading is focused only when the person comes back to it).
 */
export function useHeadingFocus(
  ref: RefObject<HTMLElement | null>,
  when: unknown = true,
  { onMount = true }: { onMount?: boolean } = {},
): void {
  const previous = useRef<unknown>(onMount ? NOT_MOUNTED : when);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stage (`when`) is what moves the focus; the ref is stable
  useEffect(() => {
    if (when !== false && when !== previous.current) focusHeading(headingIn(ref.current));
    previous.current = when;
  }, [when]);
}

/**
 * For a link to a part already open on the page (its own mount focused it once): the part's heading, found by its
 * id, takes the focus again.
 */
export function focusHeadingById(id: string): void {
  focusHeading(document.getElementById(id));
}
