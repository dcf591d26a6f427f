import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MachineName } from '../../../machines/registry';
import { eventLabel } from '../../../test/model/machineDefinition';
import type { FlowEntry } from '../flowCatalog';
import { stateTitle, transitionText } from '../titles/transitionText';
import type { FlowLegend } from './FlowGraph';
import { type FlowGraphLayout, type GraphTexts, type LayoutVariant, layoutFlowGraph } from './flowGraph';
import choices from './layoutChoices.json';

/** Each flow's way of layout with the fewest crossings, and how many it has (`npm run flows:layout` writes it). */
export interface LayoutChoice {
  variant: LayoutVariant;
  arrows: number;
  /** Crossings with dagre's defaults, then with the chosen way (English, the reader's words). */
  before: number;
  crossings: number;
}
export const layoutChoices = choices as Partial<Record<MachineName, LayoutChoice>>;

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
    layoutChoices[flow.name]?.variant,
  );
}

/** The legend under every picture, in the reader's language (the engineer's view too: the marks are the same). */
export function flowLegend(i18n: I18n): FlowLegend {
  return {
    start: i18n._(msg`Start (thick border)`),
    end: i18n._(msg`End (double border)`),
    selected: i18n._(msg`Chosen state`),
    uncovered: i18n._(msg`Not covered by the model run (dashed red)`),
  };
}

/** 'Flow: Log-in · English (United States) · 28 November 2026 · release 0.1.0 (5b0329c)', in the reader's language. */
export function downloadStamp(
  i18n: I18n,
  pictureName: string,
  at: Date,
  release = import.meta.env.RELEASE,
): string {
  const language = new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(i18n.locale) ?? i18n.locale;
  const date = i18n.date(at, { dateStyle: 'long' });
  const built = release || i18n._(msg`development`);
  return i18n._(msg`${pictureName} · ${language} · ${date} · release ${built}`);
}
