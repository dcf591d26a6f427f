/**
 * The fake service's starting data: the scenario accounts of scenarios.ts and their lists. Deterministic (no
 * clock, no randomness), so tests and screenshots see the same rows every time.
 */
import { emptyLinks, emptyLocation, type Role } from '../contract';
import {
  ACCOUNTS,
  BASE_ORGANISATION,
  DEMO_PASSWORD,
  TAKEN_ORGANISATION_SUBDOMAIN,
  TAKEN_SUBDOMAIN,
  VALID_RECOVERY_CODE,
} from './scenarios';
import type { FakeChannel, FakeOrganisation, FakeState, FakeUser } from './store';

/** More rows than one page of 15 (spec 9), so the pager shows. */
export const USER_CHANNEL_COUNT = 20;
export const USER_ORGANISATION_COUNT = 18;

/** The dates of the seed count back from here, one day per row. */
const SEED_DAY = Date.UTC(2025, 0, 31, 9, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(SEED_DAY - days * DAY_MS).toISOString();

const RECOVERY_CODES_OF_TOTP = [VALID_RECOVERY_CODE, 'DEF456', 'GHJ789', 'KLM234', 'NPQ567'];

/** A user with every profile field blank, confirmed, without two-factor; `extra` sets what differs. */
export const user = (email: string, screenName: string, extra: Partial<FakeUser> = {}): FakeUser => ({
  id: '',
  email,
  password: DEMO_PASSWORD,
  screenName,
  phone: '',
  position: '',
  department: '',
  bio: '',
  location: emptyLocation(),
  links: emptyLinks(),
  imageId: null,
  isStaff: false,
  isReader: false,
  accountConfirmationPending: false,
  twoFactorEnabled: false,
  twoFactorEnforced: false,
  twoFactorSetupStarted: false,
  recoveryCodes: [],
  locked: false,
  ...extra,
});

const seedUsers = (): FakeUser[] => [
  user(ACCOUNTS.user, 'Uma User', {
    phone: '+49 170 1234567',
    position: 'Editor in chief',
    department: 'Newsroom',
    bio: 'Writes the morning briefing and keeps twenty channels running. Coffee first, then the news, then more coffee.',
    location: { text: 'Hamburg, Germany', city: 'Hamburg', state: 'Hamburg', country: 'Germany' },
    links: {
      ...emptyLinks(),
      linkedin: 'https://www.linkedin.com/in/uma-user',
      twitter: 'https://x.com/umauser',
    },
  }),
  user(ACCOUNTS.totp, 'Toni Totp', {
    twoFactorEnabled: true,
    recoveryCodes: RECOVERY_CODES_OF_TOTP.map((code) => ({ code, used: false })),
  }),
  user(ACCOUNTS.enforced, 'Enzo Enforced', { twoFactorEnforced: true }),
  user(ACCOUNTS.staff, 'Sam Staff', { isStaff: true, position: 'Platform staff' }),
  user(ACCOUNTS.unconfirmed, 'Una Unconfirmed', { accountConfirmationPending: true }),
  user(ACCOUNTS.reset, 'Rita Reset'),
  user(ACCOUNTS.locked, 'Lou Locked', { locked: true }),
];

const CHANNEL_TOPICS = [
  'Morning Briefing',
  'Sports Desk',
  'Culture Notes',
  'Tech Weekly',
  'Local News',
  'Travel Tales',
  'Food Corner',
  'Science Daily',
  'Market Watch',
  'Health Hub',
  'Green Future',
  'Photo Stories',
  'Podcast Picks',
  'Book Club',
  'Film Reviews',
  'Design Lab',
  'Campus Life',
  'Music Scene',
  'Job Board',
  'Team Updates',
];
const CHANNEL_ROLES: readonly Role[] = [
  'admin',
  'editor',
  'editor-limited',
  'staff-access',
  'reader',
  'owner',
];
const ORGANISATION_NAMES = ['Acme News', 'Globe Media', 'Northwind', 'Contoso Press', 'Fabrikam'];
const OWNERS = ['Uma User', 'Bea Becker', 'Carl Chen', 'Dana Diaz', 'Eli Evans'];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

interface ChannelSeed {
  name: string;
  subdomain: string;
  role: Role;
  ownerName: string;
  organisationName: string;
  archived?: boolean;
}

const channel = (memberEmail: string, seed: ChannelSeed, index: number): Omit<FakeChannel, 'id'> => ({
  memberEmail,
  name: seed.name,
  subdomain: seed.subdomain,
  organisationName: seed.organisationName,
  organisationSubdomain: slug(seed.organisationName),
  role: seed.role,
  ownerName: seed.ownerName,
  created: daysAgo(400 - index * 17),
  // Every third row was never updated after creation (spec 2 'Last Update' then shows the creation date).
  updated: index % 3 === 0 ? daysAgo(400 - index * 17) : daysAgo(index * 3),
  archived: seed.archived ?? false,
});

const userChannels = (): Omit<FakeChannel, 'id'>[] =>
  CHANNEL_TOPICS.slice(0, USER_CHANNEL_COUNT).map((name, index) =>
    channel(
      ACCOUNTS.user,
      {
        name,
        subdomain: slug(name),
        role: CHANNEL_ROLES[index % CHANNEL_ROLES.length]!,
        ownerName: OWNERS[index % OWNERS.length]!,
        organisationName: ORGANISATION_NAMES[index % ORGANISATION_NAMES.length]!,
        // One archived row shows the Archived badge (spec 2).
        archived: index === 4,
      },
      index,
    ),
  );

const fewChannels = (memberEmail: string, ownerName: string, names: string[]) =>
  names.map((name, index) =>
    channel(
      memberEmail,
      {
        name,
        subdomain: slug(`${name}${ownerName}`),
        role: 'admin',
        ownerName,
        organisationName: 'Acme News',
      },
      index,
    ),
  );

const organisation = (
  memberEmail: string,
  name: string,
  subdomain: string,
  index: number,
): Omit<FakeOrganisation, 'id'> => ({
  memberEmail,
  name,
  subdomain,
  readersCount: (index * 37) % 250,
  channelCount: (index % 6) + 1,
  created: daysAgo(700 - index * 29),
});

const ORGANISATION_WORDS = [
  'Alpha',
  'Beacon',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Iris',
];
const userOrganisations = (): Omit<FakeOrganisation, 'id'>[] =>
  Array.from({ length: USER_ORGANISATION_COUNT }, (_, index) => {
    const word = ORGANISATION_WORDS[index % ORGANISATION_WORDS.length]!;
    const name = `${word} ${index < ORGANISATION_WORDS.length ? 'Media' : 'Group'}`;
    return organisation(ACCOUNTS.user, name, slug(name), index);
  });

export const seedState = (): FakeState => {
  let nextId = 0;
  const withId = <T>(row: T): T & { id: string } => {
    nextId += 1;
    return { ...row, id: String(nextId) };
  };
  const users = Object.fromEntries(seedUsers().map((row) => [row.email, withId(row)]));
  const channels = [
    ...userChannels(),
    ...fewChannels(ACCOUNTS.totp, 'Toni Totp', ['Secure Notes', 'Night Shift']),
    ...fewChannels(ACCOUNTS.enforced, 'Enzo Enforced', ['Compliance']),
    // The channel behind TAKEN_SUBDOMAIN (someone else's): sign-up and creation with it fail (spec 8).
    channel(
      ACCOUNTS.staff,
      {
        name: 'Taken Channel',
        subdomain: TAKEN_SUBDOMAIN,
        role: 'admin',
        ownerName: 'Sam Staff',
        organisationName: BASE_ORGANISATION.name,
      },
      0,
    ),
  ].map(withId);
  const organisations = [
    ...userOrganisations(),
    organisation(ACCOUNTS.staff, 'Taken Organisation', TAKEN_ORGANISATION_SUBDOMAIN, 0),
    organisation(ACCOUNTS.staff, BASE_ORGANISATION.name, BASE_ORGANISATION.subdomain, 1),
    organisation(ACCOUNTS.totp, 'Acme News', 'acmenews', 2),
  ].map(withId);
  const security = {
    stepUpUntil: 0,
    emailLinks: [],
    // One other device of the plain account, so the sessions list has something to sign out.
    devices: [
      {
        id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
        email: ACCOUNTS.user,
        browser: 'Safari 17',
        system: 'iOS 17',
        firstSeen: '2026-01-10T08:00:00.000Z',
        lastSeen: '2026-01-14T18:30:00.000Z',
      },
    ],
  };
  return { users, channels, organisations, images: [], session: null, usedInvitations: [], nextId, security };
};
