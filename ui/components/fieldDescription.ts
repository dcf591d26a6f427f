import { useId } from 'react';

export interface FieldDescriptionInput {
  id?: string;
  hasHint: boolean;
  hasError: boolean;
  /** aria-describedby the caller already set, kept in front of ours. */
  describedBy?: string;
}

export interface FieldDescription {
  inputId: string;
  hintId: string;
  errorId: string;
  /** undefined when there is nothing to describe, so no empty attribute is rendered. */
  describedBy: string | undefined;
}

/**
 * Ids that tie a field's label, hint and error to its input (aria-describedby), shared by every field
 * so that none of them forgets the error link.
 */
export function useFieldDescription({
  id,
  hasHint,
  hasError,
  describedBy,
}: FieldDescriptionInput): FieldDescription {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const ids = [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean);
  return { inputId, hintId, errorId, describedBy: ids.length > 0 ? ids.join(' ') : undefined };
}
