import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createEmptyActor,
  type InspectionEvent,
} from 'xstate';
import { transitionKey } from './machineDefinition';

/**
 * An actor scope like xstate/graph's mock one, but one that reports each microstep: the model graph (graph.ts) and
 * the compositions of machines (compose.ts) walk a machine's pure `transition()` with it and read what a step did.
 */
export function inspectingScope() {
  const emptyActor = createEmptyActor();
  const microsteps: Array<{ snapshot: AnyMachineSnapshot; transitions: AnyTransitionDefinition[] }> = [];
  emptyActor.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const { snapshot, _transitions } = event as InspectionEvent & {
      snapshot: AnyMachineSnapshot;
      _transitions: AnyTransitionDefinition[];
    };
    microsteps.push({ snapshot, transitions: _transitions });
  });
  const actorScope = {
    self: emptyActor,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: emptyActor.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as Parameters<AnyStateMachine['transition']>[2];
  /**
   * Runs `step` and returns the states its microsteps were in, the transitions they took, and the states those
   * transitions left from with their ancestors (a child's start state is never a microstep's of the parent).
   */
  const observe = <T>(step: () => T) => {
    microsteps.length = 0;
    const result = step();
    const states = new Set<string>();
    const transitions = new Set<string>();
    const sources = new Set<string>();
    for (const microstep of microsteps) {
      for (const node of microstep.snapshot._nodes) if (node.parent) states.add(node.id);
      for (const transition of microstep.transitions) {
        transitions.add(transitionKey(transition));
        for (let node = transition.source; node.parent; node = node.parent) sources.add(node.id);
      }
    }
    return { result, states, transitions, sources };
  };
  return { actorScope, observe };
}
