/**
 * What a machine's samples file (machines/<flow>/<flow>.samples.ts) holds: the inputs and event samples its model
 * walks, shared by its model test and the flow explorer (/flows), which replays the same shortest paths to show
 * each state's screen. Browser-safe: types and plain values only.
 */
import type { AnyStateMachine } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import type { ModelOptions } from './model';

export type ModelSamples<TMachine extends AnyStateMachine> = Pick<
  ModelOptions<TMachine>,
  'input' | 'events' | 'paths' | 'serializeState' | 'limit' | 'thenSend'
>;

/**
 * A field's length boundaries as texts (spec 5 and 9 limits, api/contract/limits.ts): min-1, min, max and max+1
 * characters, each made of `unit` repeated; max+1 only where the screen lets it be typed (`typable: false` for an
 * input with `maxLength`, which drops the extra character), and no empty text (the field's required check is a
 * sample of its own).
 */
export function lengthBoundaries(
  min: number,
  max: number,
  { unit = 'a', typable = true }: { unit?: string; typable?: boolean } = {},
): string[] {
  const lengths = [min - 1, min, max, ...(typable ? [max + 1] : [])].filter((length) => length > 0);
  return [...new Set(lengths)].map((length) => unit.repeat(length).slice(0, length));
}

/** A refused call as the model's `xstate.error.actor.*` sample: the spec 8 code in the api client's failure. */
export const refusal = (code: ErrorCode, extra: object = {}) => ({
  error: { failure: { code, fieldErrors: [], ...extra } },
});

/** What the browser throws when a passkey ceremony ends without one: a WebAuthn error of that name. */
export const webAuthnError = (name: string): Error => Object.assign(new Error(name), { name });

/** A passkey ceremony's end as the model's `xstate.error.actor.*` sample (machines/form/ceremonyRefusal.ts). */
export const browserRefused = (name: string) => ({ error: webAuthnError(name) });
