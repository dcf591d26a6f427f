import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../api/contract/profile';
import { findSession, findSessionWithin, LOGIN_SESSION_CHECK_MS } from './guards';

vi.mock('../api/profile', () => ({ getMe: vi.fn() }));
const { getMe } = await import('../api/profile');

const someone = { screenName: 'Ada' } as UserProfile;

beforeEach(() => {
  vi.mocked(getMe).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('findSession (spec 7 Profile: any failure means not logged in)', () => {
  it('is the profile when GET /api/me answers', async () => {
    vi.mocked(getMe).mockResolvedValue(someone);
    await expect(findSession()).resolves.toBe(someone);
  });

  it.each([
    new Error('401'),
    new TypeError('Failed to fetch'),
    'odd rejection',
  ])('is no session on any failure (%s)', async (failure) => {
    vi.mocked(getMe).mockRejectedValue(failure);
    await expect(findSession()).resolves.toBeNull();
  });
});

describe('findSessionWithin: the login page does not wait long', () => {
  it('gives up as "no session" when GET /api/me does not answer in time', async () => {
    vi.useFakeTimers();
    vi.mocked(getMe).mockReturnValue(new Promise(() => {}));
    const result = findSessionWithin(LOGIN_SESSION_CHECK_MS);
    await vi.advanceTimersByTimeAsync(LOGIN_SESSION_CHECK_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
  });

  it('takes an answer that comes in time', async () => {
    vi.mocked(getMe).mockResolvedValue(someone);
    await expect(findSessionWithin(LOGIN_SESSION_CHECK_MS)).resolves.toBe(someone);
  });

  it('keeps the budget short enough not to feel like a hang', () => {
    expect(LOGIN_SESSION_CHECK_MS).toBeLessThanOrEqual(2000);
  });
});
