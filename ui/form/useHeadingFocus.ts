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
 * stage of a flow. `ref` is the heading or the element around it (its first heading is focused), or the heading's
 * id when another view draws it (a /me section's, reached through the section navigation). The heading takes
 * the focus when the view mounts and each time `when` changes to a value other than `false`: `when` names the stage
 * (the setup's steps, then its codes), `false` is 'not now'. `onMount: false` waits for the first change (a panel
 * whose heading is focused only when the person comes back to it).
 */
export function useHeadingFocus(
  ref: RefObject<HTMLElement | null> | string,
  when: unknown = true,
  { onMount = true }: { onMount?: boolean } = {},
): void {
  const previous = useRef<unknown>(onMount ? NOT_MOUNTED : when);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stage (`when`) is what moves the focus; the ref (or the id, named by the stage) goes with it
  useEffect(() => {
    if (when !== false && when !== previous.current)
      focusHeading(headingIn(typeof ref === 'string' ? document.getElementById(ref) : ref.current));
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

/**
 * For a view that shows one form after another (the login's password, code and recovery forms): each time `when`
 * names a new form, its first field takes the focus (not selected: a kept e-mail is continued, not replaced), so
 * the person types where the new form starts, unless a refusal placed under a field of it has the focus there
 * already. `false` is 'not now' (a form that focuses its own heading, a page
 * that is leaving). Not on mount: the page's heading has the focus then (routes/root.tsx).
 */
export function useStartFocus(ref: RefObject<HTMLElement | null>, when: unknown): void {
  const previous = useRef<unknown>(when);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new form (`when`) is what moves the focus; the ref is stable
  useEffect(() => {
    const form = ref.current?.querySelector('form');
    // A refusal the new form placed under one of its fields has put the focus there already (useFormFocus).
    const focusedByForm = form?.contains(document.activeElement) === true;
    if (when !== false && when !== previous.current && !focusedByForm)
      form?.querySelector<HTMLInputElement>('input')?.focus();
    previous.current = when;
  }, [when]);
}

/**
 * For a part that opens in place of the button that opened it (Edit profile, New channel): when it closes, the
 * button takes the focus again, so a keyboard user goes on from where they were.
 */
export function useReturnFocus(button: RefObject<HTMLElement | null>, open: boolean): void {
  const wasOpen = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what moves the focus; the ref is stable
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
}

/**
 * For a control that appears where the person's next step is (the text to copy by hand, the subdomain once its
 * pencil is used): it takes the focus each time `when` turns true.
 */
export function useFocusWhen(ref: RefObject<HTMLElement | null>, when: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `when` turning true is what moves the focus; the ref is stable
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
}
