import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import type { Refusal } from '../../machines/form/refusal';
import { focusHeading } from '../components/focusHeading';
import type { FormErrors } from './fieldText';

/** Focuses (and selects, so typing replaces it) the input (or text area) named `field` inside `root`. */
export function focusField(root: ParentNode | null, field: string): void {
  const input = root?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `input[name="${field}"], textarea[name="${field}"]`,
  );
  input?.focus();
  input?.select();
}

/** After a submit the form's own check refused: the first field in error, in form order, takes the focus. */
export function focusFirstInvalid(
  form: ParentNode,
  fields: readonly string[],
  fieldErrors: FormErrors['fieldErrors'],
): void {
  const first = fields.find((field) => fieldErrors[field] !== undefined);
  if (first) focusField(form, first);
}

/**
 * The form kit's focus rules for a view (WCAG 2.4.3, spec 5): the form's heading (its h1) takes the focus when the
 * form appears; a refusal spec 8 places under a field focuses that field, so the message is read where it is;
 * `submit` sends the form (`send`, which returns the field errors after it) and, when the form's own check refused
 * it, focuses the first invalid of `fields`. Put `rootRef` on the element around the form (`Root`: a div unless
 * said, the form itself where nothing wraps it, as the lists' create form). A form whose heading is not its page's
 * h1 (a part of /me under the page's headings, the lists' create form) passes it as `heading`.
 */
export function useFormFocus<Root extends HTMLElement = HTMLDivElement>(
  error: Refusal | undefined,
  fields: readonly string[],
  send: () => FormErrors['fieldErrors'],
  heading?: RefObject<HTMLElement | null>,
) {
  const rootRef = useRef<Root>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only; the heading ref is stable
  useEffect(
    () => focusHeading(heading ? heading.current : (rootRef.current?.querySelector('h1') ?? null)),
    [],
  );
  useEffect(() => {
    if (error?.field) focusField(rootRef.current, error.field);
  }, [error]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    focusFirstInvalid(event.currentTarget, fields, send());
  };
  return { rootRef, submit };
}
