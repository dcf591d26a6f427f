import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MachineName } from '../../../machines/registry';
import { eventLabel } from '../../../test/model/machineDefinition';
import type { FlowEntry } from '../flowCatalog';
import { stateTitle, transitionText } from '../titles/transitionText';
import { type FlowGraphLayout, type GraphTexts, layoutFlowGraph } from './flowGraph';

/** Which words the diagram speaks: the product owner's (titles, event names, guard meanings) or the engineer's. */
export type FlowView = 'reader' | 'engineer';

export function graphTexts(i18n: I18n, flow: MachineName, view: FlowView): GraphTexts {
  const anyState = i18n._(msg`(any state)`);
  return view === 'engineer'
    ? { state: (state) => state.key, transition: eventLabel, anyState }
    : {
        state: (state) => stateTitle(i18n, flow, state.path) ?? state.key,
        transition: (transition) => transitionText(i18n, transition),
        anyState,
      };
}

export function flowGraphOf(i18n: I18n, flow: FlowEntry, view: FlowView): FlowGraphLayout {
  return layoutFlowGraph(
    flow.definition,
    flow.machine.root.initial?.target?.[0]?.key,
    graphTexts(i18n, flow.name, view),
    {
      states: new Set(flow.coverage ? flow.coverage.states.missing : []),
      transitions: new Set(flow.coverage ? flow.coverage.transitions.missing.map((t) => t.key) : []),
    },
  );
}
