import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { FlowDiagram } from '../FlowDiagram';
import { flowEntry } from '../flowCatalog';
import { renderIn } from '../testing';
import { svgText } from './download';
import { downloadStamp } from './flowTexts';

const noop = () => {};

describe('the picture of a flow', () => {
  it('carries a legend in the reader’s language: start, end, the chosen state and what no path covers', async () => {
    const { container } = await renderIn(
      'de-DE',
      <FlowDiagram
        flow={flowEntry('idpSuccess')}
        selected="waiting"
        onSelect={noop}
        view="reader"
        onView={noop}
      />,
    );
    const svg = container.querySelector('svg');
    const legend = [...container.querySelectorAll('[data-legend]')].map((item) => [
      item.getAttribute('data-legend'),
      item.querySelector('text')?.textContent,
    ]);
    expect(legend).toEqual([
      ['start', 'Start (dicker Rahmen)'],
      ['end', 'Ende (doppelter Rahmen)'],
      ['selected', 'Gewählter Zustand'],
      ['uncovered', 'Vom Modelllauf nicht abgedeckt (rot gestrichelt)'],
    ]);
    // A two-state flow grows as wide as its legend, so no word of it is cut.
    const last = container.querySelector('[data-legend="uncovered"] text');
    const end = Number(last?.getAttribute('x')) + (last?.textContent?.length ?? 0) * 11 * 0.55;
    expect(Number(svg?.getAttribute('width'))).toBeGreaterThan(end);
  });

  it('is downloaded stamped with its title, language, date and release', async () => {
    const { container } = await renderIn(
      'de-DE',
      <FlowDiagram
        flow={flowEntry('login')}
        selected={undefined}
        onSelect={noop}
        view="reader"
        onView={noop}
      />,
    );
    const svg = container.querySelector('svg') as SVGSVGElement;
    const de = setupI18n({ locale: 'de-DE', messages: { 'de-DE': {} } });
    const stamp = downloadStamp(de, 'Ablauf: Anmeldung', new Date('2026-11-28T10:00:00Z'), '0.1.0 (5b0329c)');
    expect(stamp).toBe(
      'Ablauf: Anmeldung · Deutsch (Deutschland) · 28. November 2026 · release 0.1.0 (5b0329c)',
    );
    const file = svgText(svg, stamp);
    const saved = new DOMParser().parseFromString(file.replace(/^<\?xml[^>]*>\n/, ''), 'image/svg+xml');
    const root = saved.documentElement;
    expect(root.querySelector('desc')?.textContent).toBe(stamp);
    expect(root.querySelector('text[data-stamp]')?.textContent).toBe(stamp);
    expect(Number(root.getAttribute('height'))).toBe(Number(svg.getAttribute('height')) + 22);
    expect(root.getAttribute('viewBox')).toBe(
      `0 0 ${svg.getAttribute('width')} ${root.getAttribute('height')}`,
    );
  });
});
