/**
 * A step of a path (a model path replayed, or the shortest path to a state) in the reader's words: the arc it
 * takes as the diagram labels it ('Submit (if the code is complete)') and the titles of the states it leads to.
 * The engineer's view keeps the step's raw event and state value (replay.ts PathStep).
 */
import type { I18n } from '@lingui/core';
import type { EventObject } from 'xstate';
import type { MachineName } from '../../../machines/registry';
import type { MachineDefinition, TransitionInfo } from '../../../test/model/machineDefinition';
import { eventNames } from './eventLabels';
import { eventText, stateTitle, transitionText } from './transitionText';

export interface StepWords {
  /** The arc taken, as the diagram labels it. */
  event: string;
  /** The states it leads to (the innermost ones), titled. */
  state: string;
}

interface Flow {
  name: MachineName;
  definition: MachineDefinition;
}

/** The titles of the innermost of the given dotted paths: 'a', 'a.b', 'c' -> titles of 'a.b' and 'c'. */
export function statesText(i18n: I18n, flow: MachineName, statePaths: readonly string[]): string {
  const leaves = statePaths.filter((path) => !statePaths.some((other) => other.startsWith(`${path}.`)));
  return leaves.map((path) => stateTitle(i18n, flow, path) ?? path).join(', ');
}

/**
 * The transition an event took from the states `before` into the states `after`: of those on that event whose
 * source was active, the ones whose targets are all entered (any, when the targets were passed through on an
 * always transition), and of those one with targets before one that stays. Several left (guarded alternatives
 * to the same place): the event is named without a guard, as the path does not tell which condition held.
 */
function arcText(
  i18n: I18n,
  flow: Flow,
  event: EventObject,
  before: readonly string[] | undefined,
  after: readonly string[] | undefined,
): string {
  const pathOf = new Map(flow.definition.states.map((state) => [state.id, state.path]));
  const active = before && new Set(before);
  const entered = after && new Set(after);
  const fromActive = (transition: TransitionInfo) => {
    const source = pathOf.get(transition.sourceId);
    // A transition of the machine's root is always active.
    return !active || source === undefined || active.has(source);
  };
  const reaches = (transition: TransitionInfo) =>
    !entered || transition.targetIds.every((id) => entered.has(pathOf.get(id) ?? ''));
  const fromHere = flow.definition.transitions.filter(
    (transition) => transition.eventType === event.type && fromActive(transition),
  );
  // Targets left at once (an always transition passed through) are not among the states entered: then any.
  const reaching = fromHere.filter(reaches);
  const possible = reaching.length ? reaching : fromHere;
  // One that moved into its targets beats one that stays (the fallback after a guarded alternative).
  const moved = possible.filter((transition) => transition.targetIds.length);
  const taken = entered && moved.length ? moved : possible;
  const [first] = taken;
  if (!first) {
    const name = eventNames[event.type];
    return name ? i18n._(name) : event.type;
  }
  return taken.length === 1 ? transitionText(i18n, first) : eventText(i18n, first);
}

/** Every step of a path in the reader's words; `start` is the states the path starts in. */
export function stepsText(
  i18n: I18n,
  flow: Flow,
  start: readonly string[] | undefined,
  steps: readonly { event: EventObject; statePaths: readonly string[] }[],
): StepWords[] {
  return steps.map((step, index) => ({
    event: arcText(
      i18n,
      flow,
      step.event,
      index === 0 ? start : steps[index - 1]?.statePaths,
      step.statePaths,
    ),
    state: statesText(i18n, flow.name, step.statePaths),
  }));
}

/**
 * A recorded event of the model run ('field.change {…}', 'login done', 'after 1000') in the reader's words, for a
 * path the explorer cannot walk (no screen samples, or the machine changed since): the event alone, no states.
 */
export function recordedEventText(i18n: I18n, flow: Flow, recorded: string): string {
  const short = recorded.replace(/ [[{"].*$/s, '');
  const done = /^(.+) (done|failed)$/.exec(short);
  const delay = /^after (.+)$/.exec(short);
  const type = done ? `xstate.${done[2] === 'done' ? 'done' : 'error'}.actor.${done[1]}` : short;
  const matching = flow.definition.transitions.filter((transition) =>
    delay
      ? transition.kind === 'after' && String(transition.delay) === delay[1]
      : transition.eventType === type,
  );
  const [first] = matching;
  if (!first) return arcText(i18n, flow, { type }, undefined, undefined);
  return matching.every((transition) => transitionText(i18n, transition) === transitionText(i18n, first))
    ? transitionText(i18n, first)
    : eventText(i18n, first);
}
