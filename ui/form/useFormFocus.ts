import { useSelector } from '@xstate/react';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';
import type { Refusal } from '../../machines/form/refusal';
import { focusHeading } from '../components/focusHeading';
import type { FormErrors } from './fieldText';

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Focuses the input (or text area) named `field` inside `root`; selected too unless `select` is false, so typing
 * replaces it (a refused value), or the person goes on from where they were (a value they came to change).
 */
export function focusField(root: ParentNode | null, field: string, { select = true } = {}): void {
  const input = root?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `input[name="${field}"], textarea[name="${field}"]`,
  );
  input?.focus();
  if (select) input?.select();
}

/** Focuses an element the view holds (a control that takes over from one that goes away). */
export function focusElement(element: HTMLElement | null): void {
  element?.focus();
}

/** After a submit the form's own check refused: the first field in error, in form order, takes the focus. */
function focusFirstInvalid(
  form: ParentNode,
  fields: readonly string[],
  fieldErrors: FormErrors['fieldErrors'] | undefined,
): void {
  const first = fields.find((field) => fieldErrors?.[field] !== undefined);
  if (first) focusField(form, first);
}

/** What the kit reads of a form's actor: its last refusal and field errors, and the event that sends the form. */
export interface FormActor<Submit extends EventObject> {
  send: (event: Submit) => void;
  getSnapshot: () => { context: { error?: Refusal | undefined; fieldErrors?: FormErrors['fieldErrors'] } };
  subscribe: AnyActorRef['subscribe'];
}

export interface FormFocusOptions<Submit extends EventObject> {
  /** The event that sends the form: `{ type: 'form.submit' }` unless said (the profile's 'save'). */
  submit?: Submit;
  /**
   * What takes the focus when the form appears: its heading (the default), its first field (a form that opens in
   * place of a button, as a passkey's rename), or nothing (the login's forms: their view moves the focus when one
   * form follows another, useStartFocus).
   */
  onMount?: 'heading' | 'firstField' | 'nothing';
  /** The heading, when it is not the root's h1 nor its first heading (a heading outside the form's frame). */
  heading?: RefObject<HTMLElement | null>;
  /**
   * The field errors the view shows, when the machine does not keep them (the lists' create form derives them as
   * the person types); else the machine's `fieldErrors` after the submit.
   */
  shownErrors?: FormErrors['fieldErrors'];
  /** Something outside the machine holds the submit (the avatar's upload): a submit sends nothing meanwhile. */
  held?: boolean;
}

/**
 * The form kit's focus rules for a view (WCAG 2.4.3, spec 5): the form's heading takes the focus when the form
 * appears (its root's h1, else the root's first heading: a /me part's); a refusal spec 8 places under a field
 * focuses that field, so the message is read where it is; `submit` sends the form's submit event to `actorRef`
 * and, when the form's own check refused it, focuses the first invalid of `fields`. Put `rootRef` on the element
 * around the form: FormFrame's `ref`, or the form itself where nothing wraps it (the lists' create form).
 */
export function useFormFocus<
  Root extends HTMLElement = HTMLElement,
  Submit extends EventObject = { type: 'form.submit' },
>(
  actorRef: FormActor<Submit>,
  fields: readonly string[],
  {
    submit: submitEvent,
    onMount = 'heading',
    heading,
    shownErrors,
    held = false,
  }: FormFocusOptions<Submit> = {},
) {
  const rootRef = useRef<Root>(null);
  const error = useSelector(actorRef, (s) => s.context.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only; the refs are stable
  useEffect(() => {
    const root = rootRef.current;
    if (onMount === 'heading')
      focusHeading(heading?.current ?? root?.querySelector('h1') ?? root?.querySelector(HEADINGS) ?? null);
    if (onMount === 'firstField' && fields[0]) focusField(root, fields[0], { select: false });
  }, []);
  useEffect(() => {
    if (error?.field) focusField(rootRef.current, error.field);
  }, [error]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (held) return;
    actorRef.send(submitEvent ?? ({ type: 'form.submit' } as Submit));
    focusFirstInvalid(event.currentTarget, fields, shownErrors ?? actorRef.getSnapshot().context.fieldErrors);
  };
  return { rootRef, submit };
}
