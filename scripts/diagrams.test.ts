import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createMachine, fromPromise, setup } from 'xstate';
import { loginMachine } from '../machines/login/login.machine';
import { magicLinkMachine } from '../machines/magicLink/magicLink.machine';
import { describeMachine } from '../test/model/machineDefinition';
import { flowDifferences, flowRecordOf, readFlowRecord } from './agreedFlows';
import { checkFlows, eventLabel, flowDocument, mermaidOf, renderFlows, staleFiles } from './diagrams';

type Config = Record<string, unknown>;

/** A copy of the machine with its config edited in memory (plain objects and lists copied, functions kept). */
function changed(machine: AnyStateMachine, edit: (config: Config) => void): AnyStateMachine {
  const copy = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(copy)
      : value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]))
        : value;
  const config = copy(machine.config) as Config;
  edit(config);
  return createMachine(config as never, machine.implementations as never);
}

const at = (config: Config, ...keys: string[]) =>
  keys.reduce<Config>((node, key) => node[key] as Config, config);

describe('flow diagrams', () => {
  it('draw every state and transition of the magic-link machine, with the state descriptions', () => {
    const definition = describeMachine(magicLinkMachine);
    const mermaid = mermaidOf(magicLinkMachine);
    const document = flowDocument('magicLink', magicLinkMachine);
    expect(mermaid.split('\n')[0]).toBe('stateDiagram-v2');
    expect(mermaid).toContain('[*] --> asking');
    for (const state of definition.states) {
      expect(mermaid).toMatch(new RegExp(`^\\s+${state.key}$`, 'm'));
      expect(document).toContain(`| \`${state.path}\` | ${state.kind}`);
      expect(document).toContain(state.description);
    }
    expect(definition.transitions).toHaveLength(4);
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

describe('agreed flows', () => {
  const agreedLogin = readFlowRecord(readFileSync('docs/flows/login.md', 'utf8'));

  it('read back from the committed document exactly what the machine says', () => {
    expect(flowDifferences('login', agreedLogin, flowRecordOf(loginMachine))).toEqual([]);
    expect(agreedLogin.transitions).toHaveLength(27);
    expect(agreedLogin.states.get('editingPassword')).toEqual({ kind: 'atomic', initial: true, tags: [] });
  });

  it('name a transition of the login machine changed in memory: its event, state, new and agreed target', () => {
    const login = changed(loginMachine, (config) => {
      const [valid] = at(config, 'states', 'editingPassword', 'on')['form.submit'] as Config[];
      if (valid) valid.target = 'enteringCode';
    });
    expect(flowDifferences('login', agreedLogin, flowRecordOf(login))).toEqual([
      'machine login: event form.submit [isPasswordFormValid] from state editingPassword now goes to enteringCode, agreed submittingPassword',
    ]);
  });

  it('name states added, removed, retagged or started in elsewhere, and guarded alternatives reordered', () => {
    const login = changed(loginMachine, (config) => {
      const states = at(config, 'states');
      config.initial = 'enteringCode';
      states.waiting = { description: 'a new state', on: { back: 'editingPassword' } };
      delete states.settingUpTwoFactor;
      const submitting = at(states, 'submittingPassword');
      submitting.tags = [];
      const [setupMissing] = at(submitting, 'invoke').onError as Config[];
      if (setupMissing) setupMissing.target = 'editingPassword';
    });
    const differences = flowDifferences('login', agreedLogin, flowRecordOf(login));
    expect(differences).toContain('machine login: state editingPassword is now not initial, agreed initial');
    expect(differences).toContain('machine login: state enteringCode is now initial, agreed not initial');
    expect(differences).toContain('machine login: state settingUpTwoFactor is gone (agreed atomic)');
    expect(differences).toContain('machine login: state waiting (atomic) is new');
    expect(differences).toContain('machine login: state submittingPassword now has tags [], agreed [busy]');
    expect(differences).toContain(
      'machine login: event login failed [isSetupMissing] from state submittingPassword now goes to editingPassword, agreed settingUpTwoFactor',
    );
    expect(differences).toContain(
      'machine login: event twoFactorSetup done from state settingUpTwoFactor (to redirecting) is gone',
    );
    expect(differences).toContain('machine login: event back from state waiting to editingPassword is new');
    expect(differences).toHaveLength(9);

    const reordered = changed(loginMachine, (config) => {
      const on = at(config, 'states', 'submittingPassword', 'invoke') as Config;
      const onError = on.onError as Config[];
      on.onError = [onError[1], onError[0], ...onError.slice(2)];
    });
    expect(flowDifferences('login', agreedLogin, flowRecordOf(reordered))).toEqual([
      'machine login: event login failed from state submittingPassword now tries login failed [needsCode], then login failed [isSetupMissing], then login failed; agreed login failed [isSetupMissing], then login failed [needsCode], then login failed',
    ]);
  });

  it('fail the check once for a changed flow, and as stale wording only when the flow is as agreed', () => {
    const root = mkdtempSync(join(tmpdir(), 'agreed-'));
    mkdirSync(join(root, 'docs/flows'), { recursive: true });
    for (const [path, content] of renderFlows({ magicLink: magicLinkMachine }))
      writeFileSync(join(root, path), content);
    expect(checkFlows({ magicLink: magicLinkMachine }, root)).toEqual({ differences: [], stale: [] });

    const failing = changed(magicLinkMachine, (config) => {
      at(config, 'states', 'exchanging', 'invoke').onError = { target: 'exchanging' };
    });
    expect(checkFlows({ magicLink: failing }, root)).toEqual({
      differences: [
        'machine magicLink: event exchangeMagicLink failed [isUsedOrExpired] from state exchanging (to failed) is gone',
        'machine magicLink: event exchangeMagicLink failed from state exchanging now goes to exchanging, agreed asking',
      ],
      stale: [],
    });

    const reworded = changed(magicLinkMachine, (config) => {
      at(config, 'states', 'failed').description = 'said otherwise';
    });
    expect(checkFlows({ magicLink: reworded }, root)).toEqual({
      differences: [],
      stale: ['docs/flows/magicLink.md'],
    });
    expect(checkFlows({ magicLink: magicLinkMachine, login: loginMachine }, root).differences).toEqual([
      'machine login: no agreed flow yet (docs/flows/login.md)',
    ]);
    expect(checkFlows({}, root).differences).toEqual([
      'docs/flows/magicLink.md: an agreed flow whose machine is no longer in machines/registry.ts',
    ]);
  });
});
