import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../api/contract/profile';
import { findSession, guardMe, LOGIN_SESSION_CHECK_MS, type VisitProfile } from './guards';
import type { SiteEnv } from './site/siteEnv';

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

describe('findSession with a budget: the login page does not wait long', () => {
  it('asks GET /api/me with the budget as its own time-out, and a time-out is no session', async () => {
    vi.mocked(getMe).mockRejectedValue(new Error('TimeoutError: Request timed out'));
    await expect(findSession(LOGIN_SESSION_CHECK_MS)).resolves.toBeNull();
    expect(getMe).toHaveBeenCalledWith({ timeoutMs: LOGIN_SESSION_CHECK_MS });
  });

  it('takes an answer that comes in time', async () => {
    vi.mocked(getMe).mockResolvedValue(someone);
    await expect(findSession(LOGIN_SESSION_CHECK_MS)).resolves.toBe(someone);
  });

  it('keeps the budget short enough not to feel like a hang', () => {
    expect(LOGIN_SESSION_CHECK_MS).toBeLessThanOrEqual(2000);
  });
});

const SITE: SiteEnv = {
  mode: 'development',
  origin: 'http://site.test',
  platformHost: 'site.test',
  basePath: '/root/',
};

describe('guardMe reads the profile once per visit', () => {
  const location = { href: '/me' } as never;
  const visit: VisitProfile = { profile: null };
  const guard = (cause: 'enter' | 'stay') =>
    guardMe({ location, search: {}, context: { site: SITE, visit }, cause });

  it('reads GET /api/me on entering /me, reuses it while the visitor stays, reads again on the next visit', async () => {
    vi.mocked(getMe).mockResolvedValue(someone);
    await expect(guard('enter')).resolves.toEqual({ profile: someone });
    await expect(guard('stay')).resolves.toEqual({ profile: someone });
    await expect(guard('stay')).resolves.toEqual({ profile: someone });
    expect(getMe).toHaveBeenCalledTimes(1);
    await guard('enter');
    expect(getMe).toHaveBeenCalledTimes(2);
  });

  it('takes the profile /me came with on the first entry instead of asking, and asks on the next one', async () => {
    const drawnFor = { screenName: 'Grace' } as UserProfile;
    const seeded: VisitProfile = { profile: null, fromPage: drawnFor };
    const enter = () =>
      guardMe({ location, search: {}, context: { site: SITE, visit: seeded }, cause: 'enter' });
    vi.mocked(getMe).mockResolvedValue(someone);
    await expect(enter()).resolves.toEqual({ profile: drawnFor });
    expect(getMe).not.toHaveBeenCalled();
    await expect(enter()).resolves.toEqual({ profile: someone });
    expect(getMe).toHaveBeenCalledTimes(1);
  });
});
