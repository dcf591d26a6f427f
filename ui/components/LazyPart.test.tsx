import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyPart } from './LazyPart';
import { renderUi } from './testing';

interface PartModule {
  Part: () => ReactElement;
}
const part: PartModule = { Part: () => <p>The part</p> };

/** A requestIdleCallback that runs only when the test says the browser is idle. */
function stubIdleness() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (then: () => void) => waiting.push(then));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return {
    becomeIdle: () =>
      act(() => {
        for (const then of waiting.splice(0)) then();
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('LazyPart', () => {
  it('loads on mount and draws the loader meanwhile', async () => {
    const load = vi.fn(() => Promise.resolve(part));
    renderUi(
      <LazyPart load={load} what="a part">
        {(module) => <module.Part />}
      </LazyPart>,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The part')).toBeTruthy();
  });

  it('whenIdle, loads only once the browser is idle, with what `loading` says in its place until then', async () => {
    const { becomeIdle } = stubIdleness();
    const load = vi.fn(() => Promise.resolve(part));
    const { container } = renderUi(
      <LazyPart load={load} what="a part" whenIdle loading={null}>
        {(module) => <module.Part />}
      </LazyPart>,
    );
    expect(load).not.toHaveBeenCalled();
    expect(container.textContent).toBe('');
    becomeIdle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The part')).toBeTruthy();
  });

  it('whenIdle, a failed load is said with a retry that loads at once', async () => {
    const { becomeIdle } = stubIdleness();
    const load = vi.fn<() => Promise<PartModule>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(part);
    renderUi(
      <LazyPart load={load} what="a failing part" whenIdle loading={null}>
        {(module) => <module.Part />}
      </LazyPart>,
    );
    becomeIdle();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('The part')).toBeTruthy();
  });
});
