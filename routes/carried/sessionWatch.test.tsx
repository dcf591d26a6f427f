import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heard } from '../../api/credentialRefusals';
import { ApiError, failure } from '../../api/errors';
import { SESSION_RECHECK_MS, useSessionWatch } from './sessionWatch';

/** What the client does with a call the server answered unknown_credential_error. */
const refuse = () => heard(new ApiError(failure('unknown_credential_error')));

const refocus = async () => {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
};

describe('useSessionWatch (a session ended elsewhere is learnt when the tab comes back)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks on focus, at most once per SESSION_RECHECK_MS, and a refused session calls onEnded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onEnded = vi.fn();
    const check = vi.fn(() => Promise.reject(new ApiError(failure('unknown_credential_error'))));
    renderHook(() => useSessionWatch(onEnded, check));
    await refocus();
    await refocus();
    expect(check).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + SESSION_RECHECK_MS - 1);
    await refocus();
    expect(check).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    await refocus();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('a network failure or a live session says nothing: onEnded is not called', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onEnded = vi.fn();
    const answers = [
      Promise.reject(new ApiError(failure('unknown_server_error'))),
      Promise.resolve({ email: 'a@example.com' }),
    ];
    const check = vi.fn(() => answers.shift()!);
    renderHook(() => useSessionWatch(onEnded, check));
    await refocus();
    vi.setSystemTime(Date.now() + SESSION_RECHECK_MS);
    await refocus();
    expect(check).toHaveBeenCalledTimes(2);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('a call the server refused asks at once, throttle or not, and only a refused session calls onEnded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onEnded = vi.fn();
    // A wrong current password first (the session lives), then a session ended elsewhere.
    const answers = [
      () => Promise.resolve({ email: 'a@example.com' }),
      () => Promise.resolve({ email: 'a@example.com' }),
      () => Promise.reject(new ApiError(failure('unknown_credential_error'))),
    ];
    const check = vi.fn(() => answers.shift()!());
    renderHook(() => useSessionWatch(onEnded, check));
    await refocus();
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => {
      refuse();
    });
    expect(check).toHaveBeenCalledTimes(2);
    expect(onEnded).not.toHaveBeenCalled();
    await act(async () => {
      refuse();
    });
    expect(check).toHaveBeenCalledTimes(3);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('asks once for refusals heard while it asks (its own check is refused the same way), and stops hearing once gone', async () => {
    const onEnded = vi.fn();
    let answer: (value: unknown) => void = () => {};
    const check = vi.fn(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { unmount } = renderHook(() => useSessionWatch(onEnded, check));
    await act(async () => {
      refuse();
      refuse();
    });
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({ email: 'a@example.com' });
    });
    unmount();
    refuse();
    expect(check).toHaveBeenCalledTimes(1);
  });
});
