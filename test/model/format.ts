/**
 * How the model names snapshots and events: the key that makes two snapshots the same state, and the readable
 * state values and events of path descriptions. Browser-safe (xstate types only): the flow explorer uses it too.
 */
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';

export function defaultSerializeState(snapshot: AnyMachineSnapshot): string {
  const { value, context, status } = snapshot;
  return JSON.stringify({ value, context, status: status === 'active' ? undefined : status });
}

export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) =>
    child === undefined ? key : `${key}.${formatStateValue(child as StateValue)}`,
  );
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

/**
 * An event as a step of a path reads: 'login done', 'after 3000', 'field.change {"field":"email",…}'; with
 * `full`, the payload whole (what the coverage report keeps, so a path can be replayed from it).
 */
export function formatEvent(event: EventObject, { full = false }: { full?: boolean } = {}): string {
  const { type, ...payload } = event;
  const short = type
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 failed')
    .replace(/^xstate\.after\.([^.]+)\..+$/, 'after $1');
  if (!Object.keys(payload).length) return short;
  const json = JSON.stringify(payload) ?? '';
  return `${short} ${full || json.length <= 48 ? json : `${json.slice(0, 47)}…`}`;
}
