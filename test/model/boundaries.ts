import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { Model } from './model';

/**
 * A field's boundary samples (`lengthBoundaries`, samples.ts) judged from the spec's numbers, not the machine's
 * guard: the path that walks each sample (`thenSend` adds the submit after it) must end in `accepted` exactly when
 * the text's length is within `min`..`max`. One `it` per sample: `it.each(values)(…, (value) => expectBoundaryVerdict(…))`.
 */
export function expectBoundaryVerdict(
  model: Model,
  {
    sends,
    value,
    min,
    max,
    accepted,
    submit,
  }: {
    /** Whether an event is this sample (its type, field and value). */
    sends: (event: EventObject) => boolean;
    value: string;
    min: number;
    max: number;
    /** The state a submit within the limits goes to. */
    accepted: string;
    /** The submit event's type (`thenSend`'s answer for this sample). */
    submit: string;
  },
): void {
  const path = model.paths().find((candidate) => candidate.steps.some((step) => sends(step.event)));
  expect(path, `a path sends the ${value.length}-character sample`).toBeDefined();
  const [typed, next] = path?.steps.slice(-2) ?? [];
  expect(typed && sends(typed.event), 'the sample is the path’s last step but one').toBe(true);
  expect(next?.event.type).toBe(submit);
  expect(next?.state.matches(accepted), `${value.length} characters go on to ${accepted}`).toBe(
    value.length >= min && value.length <= max,
  );
}

/** Whether an event carries these fields with these values. */
export const isMatch = (event: EventObject, fields: Record<string, unknown>): boolean =>
  Object.entries(fields).every(
    ([key, expected]) => (event as unknown as Record<string, unknown>)[key] === expected,
  );
