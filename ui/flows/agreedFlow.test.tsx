import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../components/testing';
import { changesAgainstAgreed, changesBetween } from './agreedFlow';
import { FlowDiagram } from './FlowDiagram';
import { flowEntry } from './flowCatalog';

const login = flowEntry('login');
const agreed = readFileSync('docs/flows/login.md', 'utf8');
const noop = () => {};

describe('a flow against its agreed flow (docs/flows)', () => {
  it('has no changes while the machine is the approved one', async () => {
    expect(await changesAgainstAgreed('login', login.machine)).toEqual({ sentences: [], added: new Set() });
  });

  it('names a state the approved flow lacks as new and draws it highlighted on the diagram', () => {
    // The approved flow as it was before the one-time-code state: its row is not in the States table.
    const before = agreed
      .split('\n')
      .filter((line) => !line.startsWith('| `enteringCode` |'))
      .join('\n');
    expect(before).not.toBe(agreed);
    const changes = changesBetween('login', before, login.machine);
    expect([...changes.added]).toEqual(['enteringCode']);
    expect(changes.sentences).toContain('state enteringCode (atomic) is new');
    const { container } = renderUi(
      <FlowDiagram
        flow={login}
        selected={undefined}
        onSelect={noop}
        view="reader"
        onView={noop}
        added={changes.added}
      />,
    );
    const added = [...container.querySelectorAll('g[data-added]')].map((g) => g.getAttribute('data-state'));
    expect(added).toEqual(['enteringCode']);
    expect(container.querySelector('g[data-added] rect')?.getAttribute('stroke')).toBe('#047857');
  });

  it('names a changed target the way the check does', () => {
    const moved = agreed.replace(
      '| `submittingPassword` | login failed [needsCode] | `enteringCode` |',
      '| `submittingPassword` | login failed [needsCode] | `editingPassword` |',
    );
    expect(moved).not.toBe(agreed);
    expect(changesBetween('login', moved, login.machine).sentences).toEqual([
      'event login failed [needsCode] from state submittingPassword now goes to enteringCode, agreed editingPassword',
    ]);
  });
});
