/**
 * The account's recent security activity in the fake (docs/decisions/security.md: Security activity): the fake's
 * sign-ins are recorded as they happen; an account seen for the first time gets a few weeks of older rows, more than a
 * page, so /me's paging can be tried by hand.
 */
import {
  type AccountExportWire,
  EXPORT_MAX_ROWS,
  PAGE_SIZE,
  SECURITY_ACTIVITY_KINDS,
  type SecurityActivityEntryWire,
  SecurityActivityQueryWire,
  SIGN_IN_METHODS,
  type SignInMethod,
} from '../../contract';
import { type FakeResolvers, requireStepUp, requireUser } from '../context';
import { json, parse } from '../reply';
import { emailKey, type FakeStore } from '../store';

const HOUR_MS = 60 * 60 * 1000;
/** Older rows an account starts with: past one page. */
const SEEDED_ROWS = PAGE_SIZE + 5;

const BROWSERS = [
  { browser: 'Firefox 128', system: 'Linux' },
  { browser: 'Safari 17', system: 'iOS 17' },
  { browser: 'Chrome 126', system: 'Windows 10' },
] as const;

const seeded = (): SecurityActivityEntryWire[] =>
  Array.from({ length: SEEDED_ROWS }, (_, index) => {
    const kind = index % 4 === 3 ? SECURITY_ACTIVITY_KINDS[1 + (index % 10)] : 'sign_in';
    return {
      kind: kind ?? 'sign_in',
      method: kind === 'sign_in' ? (SIGN_IN_METHODS[index % SIGN_IN_METHODS.length] ?? 'password') : null,
      ...(BROWSERS[index % BROWSERS.length] ?? BROWSERS[0]),
      at: new Date(Date.now() - (index + 1) * 26 * HOUR_MS).toISOString(),
    };
  });

const activityOf = (store: FakeStore, email: string): SecurityActivityEntryWire[] => {
  store.state.security.activity ??= {};
  const all = store.state.security.activity;
  const key = emailKey(email);
  const rows = all[key] ?? seeded();
  all[key] = rows;
  return rows;
};

/** A sign-in of the account from this browser, newest first. */
export const recordFakeSignIn = (store: FakeStore, email: string, method: SignInMethod): void => {
  activityOf(store, email).unshift({
    kind: 'sign_in',
    method,
    browser: 'Firefox 128',
    system: 'Linux',
    at: new Date().toISOString(),
  });
};

const plainRecord = (value: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

export const securityActivityResolvers: FakeResolvers<'getSecurityActivity' | 'exportAccountData'> = {
  /** The account's data to take away, as the server's: behind the step-up, no secret (no password, no codes). */
  exportAccountData: (call) => {
    const user = requireUser(call);
    requireStepUp(call);
    const now = new Date().toISOString();
    const answer: AccountExportWire = {
      exportedAt: now,
      profile: {
        email: user.email,
        screenName: user.screenName,
        locale: null,
        phone: user.phone || null,
        position: user.position || null,
        department: user.department || null,
        bio: user.bio || null,
        location: plainRecord(user.location),
        links: plainRecord(user.links),
        confirmedAt: user.accountConfirmationPending ? null : now,
        createdAt: now,
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorSince: null,
      },
      organisations: [],
      channels: [],
      sessions: [{ browser: 'Firefox 128', system: 'Linux', createdAt: now, lastSeen: now, current: true }],
      passkeys: (call.store.state.security.passkeys ?? [])
        .filter((passkey) => emailKey(passkey.email) === emailKey(user.email))
        .map((passkey) => ({
          name: passkey.name,
          createdAt: passkey.createdAt,
          lastUsedAt: passkey.lastUsedAt,
        })),
      rememberedDevices: [],
      securityActivity: activityOf(call.store, user.email).slice(0, EXPORT_MAX_ROWS),
    };
    return json(answer);
  },

  getSecurityActivity: (call) => {
    const user = requireUser(call);
    const { page = 1 } = parse(SecurityActivityQueryWire, call.query);
    const rows = activityOf(call.store, user.email);
    const start = (page - 1) * PAGE_SIZE;
    return json({
      entries: rows.slice(start, start + PAGE_SIZE),
      page,
      hasMore: rows.length > start + PAGE_SIZE,
    });
  },
};
