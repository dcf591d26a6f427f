import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { type MachineName, machines } from '../../machines/registry';
import { describeMachine } from '../../test/model/machineDefinition';
import { flowScreens } from './flowScreens';
import { replay, shortestPathTo } from './replay';

const withScreens = Object.keys(flowScreens) as MachineName[];

describe('replaying the shortest path to a state (the explorer’s screens)', () => {
  it.each(withScreens)('%s: every state is reached by its path, on a real actor', async (name) => {
    const machine = machines[name] as AnyStateMachine;
    const options = flowScreens[name]?.options();
    if (!options) throw new Error(name);
    const definition = describeMachine(machine);
    for (const { path, id } of definition.states) {
      const steps = shortestPathTo(machine, options, path);
      // A state left at once by an `always` transition is in no snapshot: it has no screen of its own.
      const passedThrough = definition.transitions.some((t) => t.sourceId === id && t.kind === 'always');
      if (passedThrough && !steps) continue;
      expect(steps, `${name}: a path to ${path}`).toBeDefined();
      const actor = await replay(machine, options, steps ?? []);
      try {
        expect(
          actor.getSnapshot().matches(path),
          `${name} after ${steps?.map((s) => s.label).join(', ')}`,
        ).toBe(true);
      } finally {
        actor.stop();
      }
    }
  });

  it('takes the fewest steps: the code form of login is four steps away', () => {
    const options = flowScreens.login?.options();
    if (!options) throw new Error('login');
    expect(shortestPathTo(machines.login, options, 'editingPassword')).toEqual([]);
    expect(shortestPathTo(machines.login, options, 'enteringCode')?.map((step) => step.event.type)).toEqual([
      'field.change',
      'field.change',
      'form.submit',
      'xstate.error.actor.login',
    ]);
  });
});
