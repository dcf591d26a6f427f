/**
 * Turns a machine's names into the reader's words: a state's title, a transition's event and guard. The engineer's
 * view (raw names) stays in machineDefinition.ts's eventLabel; this is the product owner's.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MachineName } from '../../../machines/registry';
import type { MachineDefinition, TransitionInfo } from '../../../test/model/machineDefinition';
import { actorNames, eventNames, guardMeanings } from './eventLabels';
import { stateTitles } from './stateTitles';

export function stateTitle(i18n: I18n, flow: MachineName, path: string): string | undefined {
  const title = stateTitles[flow][path];
  return title ? i18n._(title) : undefined;
}

/** A guard label ('and(not(emailsDiffer), isEmailFormValid)') as a tree of names. */
interface GuardNode {
  name: string;
  args: GuardNode[];
}

function parseGuard(label: string): GuardNode {
  let at = 0;
  const node = (): GuardNode => {
    const start = at;
    while (at < label.length && !'(),'.includes(label[at] ?? '')) at++;
    const name = label.slice(start, at).trim();
    const args: GuardNode[] = [];
    if (label[at] === '(') {
      at++;
      while (at < label.length && label[at] !== ')') {
        args.push(node());
        if (label[at] === ',') at++;
      }
      at++;
    }
    return { name, args };
  };
  return node();
}

const COMBINATORS = new Set(['and', 'or', 'not']);

/** The guard names a label uses ('and(not(a), b)' -> a, b). */
export function guardNames(label: string): string[] {
  const walk = (node: GuardNode): string[] =>
    COMBINATORS.has(node.name) ? node.args.flatMap(walk) : [node.name];
  return walk(parseGuard(label));
}

function guardText(i18n: I18n, label: string): string {
  const walk = (node: GuardNode): string => {
    const parts = node.args.map(walk);
    if (node.name === 'not') return i18n._(msg`not: ${parts[0] ?? ''}`);
    if (node.name === 'and' || node.name === 'or')
      return parts.reduce((left, right) =>
        node.name === 'and' ? i18n._(msg`${left} and ${right}`) : i18n._(msg`${left} or ${right}`),
      );
    const meaning = guardMeanings[node.name];
    return meaning ? i18n._(meaning) : node.name;
  };
  return walk(parseGuard(label));
}

/** What happens, without the guard: 'Submit', 'The log-in fails', 'After 3 s'. */
export function eventText(i18n: I18n, transition: TransitionInfo): string {
  const actor = transition.actorId ? actorNames[transition.actorId] : undefined;
  const subject = actor ? i18n._(actor) : (transition.actorId ?? '');
  switch (transition.kind) {
    case 'always':
      return i18n._(msg`At once`);
    case 'after':
      return typeof transition.delay === 'number'
        ? i18n._(msg`After ${i18n.number(transition.delay / 1000)} s`)
        : i18n._(msg`After a while`);
    case 'done.actor':
      return i18n._(msg`${subject} succeeds`);
    case 'error.actor':
      return i18n._(msg`${subject} fails`);
    case 'done.state':
      return i18n._(msg`Finished`);
    default: {
      const name = eventNames[transition.eventType];
      return name ? i18n._(name) : transition.eventType;
    }
  }
}

/** 'Submit (if the code is complete)': what an arc says in the reader's view. */
export function transitionText(i18n: I18n, transition: TransitionInfo): string {
  const event = eventText(i18n, transition);
  if (!transition.guard) return event;
  const guard = guardText(i18n, transition.guard);
  return i18n._(msg`${event} (if ${guard})`);
}

/** What a machine lacks for the reader's view: untitled states, unnamed events, calls and guards. */
export function missingTitles(flow: MachineName, definition: MachineDefinition): string[] {
  const missing: string[] = [];
  for (const state of definition.states)
    if (!stateTitles[flow]?.[state.path]) missing.push(`state ${state.path} (stateTitles.ts)`);
  for (const transition of definition.transitions) {
    if (transition.kind === 'on' && !eventNames[transition.eventType])
      missing.push(`event ${transition.eventType} (eventLabels.ts eventNames)`);
    if (transition.actorId && !actorNames[transition.actorId])
      missing.push(`call ${transition.actorId} (eventLabels.ts actorNames)`);
    for (const guard of transition.guard ? guardNames(transition.guard) : [])
      if (!guardMeanings[guard]) missing.push(`guard ${guard} (eventLabels.ts guardMeanings)`);
  }
  return [...new Set(missing)];
}
