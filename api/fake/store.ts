/**
 * The in-memory store of the development fake service (spec 1). Plain JSON data, so that in the browser it can be
 * kept in localStorage: a login is followed by a whole-page redirect (spec 2 Login), which would otherwise start
 * the fake from scratch and log the user out again. Tests use a store without storage and reset it per test.
 */
import type { Location, Role, SecurityActivityEntryWire, SocialLinks } from '../contract';
import { seedState } from './seed';

export interface FakeRecoveryCode {
  code: string;
  used: boolean;
}

export interface FakeUser {
  id: string;
  email: string;
  password: string;
  screenName: string;
  phone: string;
  position: string;
  department: string;
  bio: string;
  location: Location;
  links: SocialLinks;
  imageId: string | null;
  isStaff: boolean;
  isReader: boolean;
  accountConfirmationPending: boolean;
  twoFactorEnabled: boolean;
  /** The user's organisation enforces two-factor: login without it answers the setup payload (spec 2). */
  twoFactorEnforced: boolean;
  /** GET /api/me/2fa was called: POST /api/me/2fa may now turn two-factor on. */
  twoFactorSetupStarted: boolean;
  recoveryCodes: FakeRecoveryCode[];
  /** Login answers account_locked_error (ours). */
  locked: boolean;
  /** A company-id sign-up's account: its organisation and company id ('lit:1001'), until it is confirmed. */
  companyEmployee?: string;
}

export interface FakeChannel {
  id: string;
  /** The user whose list shows this row (lower-case e-mail). */
  memberEmail: string;
  name: string;
  subdomain: string;
  organisationName: string;
  organisationSubdomain: string;
  role: Role;
  ownerName: string;
  created: string;
  updated: string;
  archived: boolean;
}

export interface FakeOrganisation {
  id: string;
  memberEmail: string;
  name: string;
  subdomain: string;
  readersCount: number;
  channelCount: number;
  created: string;
}

export interface FakeImage {
  id: string;
  ownerEmail: string;
  url: string;
}

export interface FakeState {
  /** Users by lower-case e-mail. */
  users: Record<string, FakeUser>;
  channels: FakeChannel[];
  organisations: FakeOrganisation[];
  images: FakeImage[];
  /** The fake session cookie: whose session the browser holds (GET /api/me answers 401 while null). */
  session: { email: string } | null;
  /** Invitation tokens used by a sign-up: like the server's, an invitation works once. */
  usedInvitations: string[];
  nextId: number;
  /** The account-security centre (calls/security.ts): step-up, e-mail links and the other devices. */
  security: FakeSecurityState;
}

/** A session of the user on another device, for the sessions list. */
export interface FakeDevice {
  id: string;
  email: string;
  browser: string;
  system: string;
  firstSeen: string;
  lastSeen: string;
}

export interface FakeSecurityState {
  /** Until when (ms since epoch) this session's step-up lets changes through. */
  stepUpUntil: number;
  /** Mailed e-mail links: the token, the account (lower-case e-mail) and the address it sets. */
  emailLinks: { token: string; kind: 'change' | 'undo'; account: string; email: string }[];
  devices: FakeDevice[];
  /** Passkeys (calls/passkeys.ts); absent in a state an older fake saved. */
  passkeys?: FakePasskey[];
  /** Challenges handed out and not yet used. */
  passkeyChallenges?: string[];
  /** Recovery-review tokens (calls/recovery.ts) and the account each reviews, until finished. */
  reviewTokens?: { token: string; email: string }[];
  /**
   * Devices remembered at a code login (docs/decisions/security.md: Remember this device); the fake is one browser,
   * so `current` marks the ones this browser holds. Absent in a state an older fake saved.
   */
  rememberedDevices?: FakeRememberedDevice[];
  /** The accounts' security activity (calls/securityActivity.ts) by lower-case e-mail, newest first. */
  activity?: Record<string, SecurityActivityEntryWire[]>;
  /** Reset tokens an e-mail undo answered, and the account each sets the password of. */
  resetLinks?: { token: string; email: string }[];
}

/** A remembered device the fake keeps: whose, and what the list shows. */
export interface FakeRememberedDevice {
  id: string;
  email: string;
  browser: string;
  system: string;
  rememberedAt: string;
  expiresAt: string;
  current: boolean;
}

/** A passkey the fake keeps: whose, its credential id, and what the list shows. */
export interface FakePasskey {
  id: number;
  email: string;
  credentialId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Suspended by a recovery (the fake never suspends one on its own; a saved state may). */
  suspended?: boolean;
}

export interface FakeStore {
  readonly state: FakeState;
  /** Back to the seed (and the storage cleared). */
  reset(): void;
  /** Writes the state to the storage, if any; called after every call that may have changed it. */
  save(): void;
  newId(): string;
  userByEmail(email: string): FakeUser | undefined;
  sessionUser(): FakeUser | undefined;
}

/** Bump when the seed or the state's shape changes, so browsers drop what an older fake saved. */
export const STORAGE_KEY = 'fake-api:state:v3';

const emailKey = (email: string) => email.trim().toLowerCase();

const load = (storage: Storage | undefined): FakeState | undefined => {
  const saved = storage?.getItem(STORAGE_KEY);
  if (!saved) return undefined;
  try {
    return JSON.parse(saved) as FakeState;
  } catch {
    return undefined;
  }
};

export interface FakeStoreOptions {
  /** Where to keep the state between page loads (the browser's localStorage); none in tests. */
  storage?: Storage;
}

export const createFakeStore = ({ storage }: FakeStoreOptions = {}): FakeStore => {
  let state = load(storage) ?? seedState();
  return {
    get state() {
      return state;
    },
    reset() {
      state = seedState();
      storage?.removeItem(STORAGE_KEY);
    },
    save() {
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(state));
      } catch (error) {
        // A full storage (large uploaded images) only costs persistence across reloads, not the running fake.
        console.warn('[fake api] could not keep the fake state in localStorage', error);
      }
    },
    newId() {
      state.nextId += 1;
      return String(state.nextId);
    },
    userByEmail(email) {
      return state.users[emailKey(email)];
    },
    sessionUser() {
      return state.session ? state.users[emailKey(state.session.email)] : undefined;
    },
  };
};

/** The store the handlers use unless given another one (tests and `npm run dev:fake` share the seed). */
export const fakeStore: FakeStore = createFakeStore();

/** Tests: back to the seed, logged out. */
export const resetFakeStore = (): void => fakeStore.reset();

export { emailKey };
