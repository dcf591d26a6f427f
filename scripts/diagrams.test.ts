import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { magicLinkMachine } from '../machines/magicLink/magicLink.machine';
import { describeMachine } from '../test/model/machineDefinition';
import { eventLabel, flowDocument, mermaidOf, renderFlows, staleFiles } from './diagrams';

describe('flow diagrams', () => {
  it('draw every state and transition of the magic-link machine, with the state descriptions', () => {
    const definition = describeMachine(magicLinkMachine);
    const mermaid = mermaidOf(magicLinkMachine);
    const document = flowDocument('magicLink', magicLinkMachine);
    expect(mermaid.split('\n')[0]).toBe('stateDiagram-v2');
    expect(mermaid).toContain('[*] --> exchanging');
    for (const state of definition.states) {
      expect(mermaid).toMatch(new RegExp(`^\\s+${state.key}$`, 'm'));
      expect(document).toContain(`| \`${state.path}\` | ${state.kind}`);
      expect(document).toContain(state.description);
    }
    expect(definition.transitions).toHaveLength(2);
    for (const transition of definition.transitions) {
      const [from] = transition.sourceId.split('.').slice(-1);
      const [to] = (transition.targetIds[0] ?? '').split('.').slice(-1);
      expect(mermaid).toContain(`${from} --> ${to} : ${eventLabel(transition)}`);
    }
    expect(mermaid).toContain('exchanging --> failed : exchangeMagicLink failed');
  });

  it('draw nested, parallel and final states, guards, delays and eventless transitions', () => {
    const machine = setup({
      types: {} as { context: { n: number }; events: { type: 'go' } | { type: 'tick' } },
      actors: { load: fromPromise(async () => 1) },
      guards: { isReady: () => true, isLate: () => false },
    }).createMachine({
      id: 'shape',
      initial: 'form',
      context: { n: 0 },
      on: { tick: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: { on: { go: { guard: 'isReady', target: '#shape.done' } } },
            checking: { always: { guard: 'isLate', target: 'editing' } },
          },
          after: { 3000: 'done' },
        },
        both: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: {} } },
            right: {
              initial: 'b',
              states: { b: { invoke: { id: 'load', src: 'load', onDone: '#shape.done' } } },
            },
          },
        },
        done: { type: 'final' },
      },
    });
    const mermaid = mermaidOf(machine);
    expect(mermaid).toContain('state form {');
    expect(mermaid).toContain('    [*] --> form_editing');
    expect(mermaid).toContain('state "editing" as form_editing');
    // Cross-composite transitions are drawn between the children of the state holding both ends.
    expect(mermaid).toContain('  form --> done : go [isReady] (from form.editing)');
    expect(mermaid).toContain('    form_checking --> form_editing : always [isLate]');
    expect(mermaid).toContain('  form --> done : after 3000 ms');
    expect(mermaid).toMatch(/state both_left \{[\s\S]*\n {4}--\n {4}state both_right \{/);
    expect(mermaid).toContain('  both --> done : load done (from both.right.b)');
    expect(mermaid).toContain('  done --> [*]');
    expect(mermaid).toContain('  any_state --> any_state : tick');
  });

  it('are deterministic and report stale, missing and orphaned files', () => {
    const registry = { magicLink: magicLinkMachine };
    expect(renderFlows(registry)).toEqual(renderFlows(registry));
    const root = mkdtempSync(join(tmpdir(), 'flows-'));
    const files = renderFlows(registry);
    expect(staleFiles(files, root)).toEqual(['docs/flows/README.md', 'docs/flows/magicLink.md']);
    mkdirSync(join(root, 'docs/flows'), { recursive: true });
    for (const [path, content] of files) writeFileSync(join(root, path), content);
    expect(staleFiles(files, root)).toEqual([]);
    writeFileSync(join(root, 'docs/flows/magicLink.md'), 'edited by hand');
    writeFileSync(join(root, 'docs/flows/gone.md'), 'a machine that no longer exists');
    expect(staleFiles(files, root)).toEqual(['docs/flows/gone.md', 'docs/flows/magicLink.md']);
  });
});
