/**
 * Demo data (README 'Demo accounts'), seeded outside production at every start. Idempotent: every row is written with
 * ON CONFLICT DO NOTHING against the schema's unique keys, and the invitation (whose mail is the only copy of
 * its token) is made only while none is pending, so a second run changes nothing.
 *
 * Every demo account's password is DEMO_PASSWORD; the README lists them (main.ts prints them at start).
 */
import { readFile } from 'node:fs/promises';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  CHANNEL_ROLE_IDS,
  type ChannelRole,
  DEFAULT_LOCALE,
  DEFAULT_ORGANISATION_SUBDOMAIN,
  ORGANISATION_ROLE_IDS,
  type OrganisationRole,
} from '../api/contract/limits';
import type { OrganisationTerms } from '../api/contract/organisationTerms';
import { saveOrganisationBrand } from './brand/organisationBrand';
import { type Clock, systemClock } from './clock';
import { loadConfig, type ServerConfig } from './config';
import type { Database } from './db/client';
import { channels, companyEmployees, invitations, memberships, organisations, users } from './db/schema';
import { createInvitation, REGISTER_PAGE } from './invitations';
import { sendMail } from './mail/send';
import { type MailTransport, outboxOnlyTransport } from './mail/transport';
import { DEFAULT_ORGANISATION_NAME } from './places';
import { hashPassword } from './security/passwords';
import { keyRingOf } from './security/serverKey';
import { sealTotpSecret } from './security/totpSecrets';
import { LARGE_USER_EMAIL, seedLargeUser } from './seedLargeUser';
import { siteLink } from './siteLinks';

export const DEMO_PASSWORD = 'demo-password';
/** The fixed two-factor secret of totp@example.com (README; any authenticator app can add it by hand). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** The organisation that enforces two-factor. */
export const SECURE_ORGANISATION = 'secure';
export const INVITEE_EMAIL = 'invitee@example.com';
/** Invited into the organisation that enforces two-factor: the sign-up sets two-factor up before the account exists. */
export const TWO_FACTOR_INVITEE_EMAIL = 'invitee-2fa@example.com';

export const DEMO_ORGANISATIONS = [
  { subdomain: DEFAULT_ORGANISATION_SUBDOMAIN, name: DEFAULT_ORGANISATION_NAME, enforcesTwoFactor: false },
  { subdomain: 'lit', name: 'LIT', enforcesTwoFactor: false },
  { subdomain: 'unicef_for_every_child', name: 'UNICEF for every child', enforcesTwoFactor: false },
  { subdomain: 'papier_union', name: 'Papier Union', enforcesTwoFactor: false },
  { subdomain: 'inapa_deutschland', name: 'Inapa Deutschland', enforcesTwoFactor: false },
  { subdomain: 'wernsing_food_family', name: 'Wernsing Food Family', enforcesTwoFactor: false },
  { subdomain: 'ceramtec', name: 'CeramTec', enforcesTwoFactor: false },
  { subdomain: SECURE_ORGANISATION, name: 'Secure', enforcesTwoFactor: true },
] as const;

/**
 * The four organisations with a branded wording (spec 2 Register) get it, with addresses on the reserved
 * documentation domain (RFC 2606 `.example`): no real company's page is invented here. Not null: a branded wording
 * ('the LIT privacy policy') linked to the site's own pages would present the site's terms as LIT's; a `.example`
 * address stands where an operator puts the real one (`npm run terms`), and the demo shows that it opens in a new
 * tab (docs/decisions/product.md: Organisation terms come from the organisation's data).
 */
export const DEMO_ORGANISATION_TERMS: Readonly<Record<string, OrganisationTerms>> = {
  lit: {
    wording: 'lit',
    termsUrl: 'https://lit.example/terms',
    privacyUrl: 'https://lit.example/privacy',
  },
  unicef_for_every_child: {
    wording: 'unicef_for_every_child',
    termsUrl: 'https://unicef-for-every-child.example/terms',
    privacyUrl: 'https://unicef-for-every-child.example/privacy',
  },
  wernsing_food_family: {
    wording: 'wernsing_food_family',
    termsUrl: 'https://wernsing-food-family.example/terms',
    privacyUrl: 'https://wernsing-food-family.example/privacy',
  },
  ceramtec: {
    wording: 'ceramtec',
    termsUrl: 'https://ceramtec.example/terms',
    privacyUrl: 'https://ceramtec.example/privacy',
  },
};

/**
 * The demo organisations' branding (docs/decisions/product.md: Organisation branding comes from its data): an
 * accent and a small logo of our own making (server/brand/demo/*.png, simple shapes, no real company's mark), so
 * the invitation, /start, /lit, /unicef and the confirmation show what `npm run brand` sets. Secure keeps none: the
 * page then shows its initial in the site's colours.
 */
export const DEMO_ORGANISATION_BRANDS: Readonly<Record<string, { accent: string; logo: string }>> = {
  [DEFAULT_ORGANISATION_SUBDOMAIN]: { accent: '#3451d1', logo: 'welcome.png' },
  lit: { accent: '#c2410c', logo: 'lit.png' },
  unicef_for_every_child: { accent: '#1cabe2', logo: 'unicef_for_every_child.png' },
  papier_union: { accent: '#2f6f4f', logo: 'papier_union.png' },
};

/** People who may sign up by company id (spec 2 Start and the lit / unicef pages). */
export const DEMO_EMPLOYEES = [
  { organisation: 'lit', firstName: 'Lena', lastName: 'Lindner', companyId: 'LIT-1001' },
  { organisation: 'lit', firstName: 'Max', lastName: 'Mustermann', companyId: 'LIT-1002' },
  { organisation: 'unicef_for_every_child', firstName: 'Amara', lastName: 'Okafor', companyId: 'UC-2001' },
  { organisation: 'unicef_for_every_child', firstName: 'Jonas', lastName: 'Berg', companyId: 'UC-2002' },
  { organisation: 'papier_union', firstName: 'Paula', lastName: 'Papier', companyId: 'PU-3001' },
  { organisation: 'papier_union', firstName: 'Peter', lastName: 'Schmidt', companyId: 'PU-3002' },
] as const;

interface DemoAccount {
  email: string;
  screenName: string;
  /** What the account shows off (printed at start, listed in the README). */
  purpose: string;
  isStaff?: boolean;
  totpSecret?: string;
  channelRoles?: ReadonlyArray<{ organisation: string; channel: string; role: ChannelRole }>;
  organisationRoles?: ReadonlyArray<{ organisation: string; role: OrganisationRole }>;
}

/**
 * The demo channels. curator@ holds a role in three, each with another creator, organisation, role and age, so
 * its list shows every column sorting (spec 2), an admin-area and a web-app link, and the Archived badge.
 */
export const DEMO_CHANNELS = [
  {
    organisation: DEFAULT_ORGANISATION_SUBDOMAIN,
    subdomain: 'demo',
    name: 'Demo Channel',
    owner: 'curator@example.com',
    daysOld: 30,
    daysSinceUpdate: 2,
  },
  {
    organisation: SECURE_ORGANISATION,
    subdomain: 'news',
    name: 'Secure News',
    owner: 'curator@example.com',
    daysOld: 20,
    daysSinceUpdate: 20,
  },
  {
    organisation: DEFAULT_ORGANISATION_SUBDOMAIN,
    subdomain: 'stories',
    name: 'Archived Stories',
    owner: 'staff@example.com',
    daysOld: 400,
    daysSinceUpdate: 200,
    archived: true,
  },
  {
    organisation: 'lit',
    subdomain: 'updates',
    name: 'Lit Updates',
    owner: 'totp@example.com',
    daysOld: 90,
    daysSinceUpdate: 9,
  },
] as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'curator@example.com',
    screenName: 'Casey Curator',
    purpose: 'channel admin, no two-factor',
    channelRoles: [
      { organisation: DEFAULT_ORGANISATION_SUBDOMAIN, channel: 'demo', role: 'admin' },
      { organisation: DEFAULT_ORGANISATION_SUBDOMAIN, channel: 'stories', role: 'reader' },
      { organisation: 'lit', channel: 'updates', role: 'editor' },
    ],
  },
  {
    email: 'staff@example.com',
    screenName: 'Sam Staff',
    purpose: 'staff: may create organisations',
    isStaff: true,
    organisationRoles: [{ organisation: DEFAULT_ORGANISATION_SUBDOMAIN, role: 'owner' }],
  },
  {
    email: 'totp@example.com',
    screenName: 'Toni Totp',
    purpose: `two-factor on, secret ${DEMO_TOTP_SECRET}`,
    totpSecret: DEMO_TOTP_SECRET,
    channelRoles: [{ organisation: DEFAULT_ORGANISATION_SUBDOMAIN, channel: 'demo', role: 'editor' }],
  },
  {
    email: 'enforced@example.com',
    screenName: 'Eddie Enforced',
    purpose: `member of ${SECURE_ORGANISATION} (enforces two-factor), no two-factor yet: login asks to set it up`,
    organisationRoles: [{ organisation: SECURE_ORGANISATION, role: 'team-member' }],
    channelRoles: [{ organisation: SECURE_ORGANISATION, channel: 'news', role: 'reader' }],
  },
  {
    email: LARGE_USER_EMAIL,
    screenName: 'Lara Large',
    purpose: '2,000 channels and 500 organisations: the lists page, sort and search at scale',
  },
];

interface DemoInvitation {
  email: string;
  screenName: string;
  organisation: string;
  channel: string;
  role: ChannelRole;
  inviter: string;
}

/**
 * The pending invitations, each invited by the curator: invitee@example.com as editor of the demo channel, and
 * invitee-2fa@example.com as reader of secure's news channel (secure enforces two-factor).
 */
export const DEMO_INVITATIONS: readonly DemoInvitation[] = [
  {
    email: INVITEE_EMAIL,
    screenName: 'Ivy Invitee',
    organisation: DEFAULT_ORGANISATION_SUBDOMAIN,
    channel: 'demo',
    role: 'editor',
    inviter: 'curator@example.com',
  },
  {
    email: TWO_FACTOR_INVITEE_EMAIL,
    screenName: 'Tara Twofactor',
    organisation: SECURE_ORGANISATION,
    channel: 'news',
    role: 'reader',
    inviter: 'curator@example.com',
  },
];

export interface SeedOptions {
  config?: ServerConfig;
  clock?: Clock;
  mailer?: MailTransport;
}

/** Demo channels are dated in days before the seed runs. */
const DAY = 24 * 60 * 60 * 1000;

const lookup = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: ${key} missing`);
  return value;
};

/** Seeds the demo data; safe to run at every start. */
export const seedDemoData = async (db: Database, options: SeedOptions = {}): Promise<void> => {
  const config = options.config ?? loadConfig();
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? outboxOnlyTransport;
  const now = clock.now();

  await db
    .insert(organisations)
    .values(DEMO_ORGANISATIONS.map((organisation) => ({ ...organisation, createdAt: now })))
    .onConflictDoNothing();
  // The demo terms, on every start, for an organisation whose terms no operator has set (a data directory from
  // before migration 0008 included); what `npm run terms` set or cleared stays.
  for (const [subdomain, terms] of Object.entries(DEMO_ORGANISATION_TERMS))
    await db
      .update(organisations)
      .set({ termsWording: terms.wording, termsUrl: terms.termsUrl, privacyUrl: terms.privacyUrl })
      .where(and(eq(organisations.subdomain, subdomain), isNull(organisations.termsSetAt)));
  // The demo branding likewise, for an organisation whose branding no operator has set.
  for (const [subdomain, brand] of Object.entries(DEMO_ORGANISATION_BRANDS)) {
    const [row] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.subdomain, subdomain), isNull(organisations.brandSetAt)));
    if (!row) continue;
    const logo = new Uint8Array(await readFile(new URL(`./brand/demo/${brand.logo}`, import.meta.url)));
    await saveOrganisationBrand(db, row.id, { accent: brand.accent, logo }, now, false);
  }
  const organisationRows = await db.select().from(organisations);
  const organisationId = new Map(organisationRows.map((row) => [row.subdomain, row.id]));

  await db
    .insert(companyEmployees)
    .values(
      DEMO_EMPLOYEES.map(({ organisation, ...employee }) => ({
        ...employee,
        organisationId: lookup(organisationId, organisation),
        createdAt: now,
      })),
    )
    .onConflictDoNothing();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        passwordHash,
        screenName: account.screenName,
        isStaff: account.isStaff ?? false,
        confirmedAt: now,
        twoFactorEnabled: account.totpSecret !== undefined,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const userId = new Map(userRows.map((row) => [row.email.toLowerCase(), row.id]));
  // The demo secret is sealed for its row like any other (docs/security.md: Nothing usable at rest); a row that
  // already has one keeps it.
  for (const account of DEMO_ACCOUNTS) {
    if (account.totpSecret === undefined) continue;
    const id = lookup(userId, account.email);
    const totpSecret = sealTotpSecret(keyRingOf(config), 'users.totp_secret', id, account.totpSecret);
    await db
      .update(users)
      .set({ totpSecret })
      .where(and(eq(users.id, id), isNull(users.totpSecret)));
  }

  await db
    .insert(channels)
    .values(
      DEMO_CHANNELS.map((channel) => ({
        organisationId: lookup(organisationId, channel.organisation),
        subdomain: channel.subdomain,
        name: channel.name,
        ownerId: lookup(userId, channel.owner),
        archived: 'archived' in channel && channel.archived,
        createdAt: new Date(now.getTime() - channel.daysOld * DAY),
        updatedAt: new Date(now.getTime() - channel.daysSinceUpdate * DAY),
      })),
    )
    .onConflictDoNothing();
  const channelRows = await db
    .select({ id: channels.id, subdomain: channels.subdomain, organisationId: channels.organisationId })
    .from(channels);
  const channelId = new Map(channelRows.map((row) => [`${row.organisationId}/${row.subdomain}`, row.id]));
  const channelOf = (organisation: string, channel: string) =>
    lookup(channelId, `${lookup(organisationId, organisation)}/${channel}`);

  const roles = DEMO_ACCOUNTS.flatMap((account) => {
    const user = lookup(userId, account.email);
    return [
      ...(account.channelRoles ?? []).map((held) => ({
        userId: user,
        channelId: channelOf(held.organisation, held.channel),
        roleId: CHANNEL_ROLE_IDS[held.role],
        createdAt: now,
      })),
      ...(account.organisationRoles ?? []).map((held) => ({
        userId: user,
        organisationId: lookup(organisationId, held.organisation),
        roleId: ORGANISATION_ROLE_IDS[held.role],
        createdAt: now,
      })),
    ];
  });
  await db.insert(memberships).values(roles).onConflictDoNothing();
  await seedLargeUser(
    db,
    { large: lookup(userId, LARGE_USER_EMAIL), otherCreator: lookup(userId, 'curator@example.com') },
    now,
  );

  for (const invitation of DEMO_INVITATIONS)
    await seedInvitation(db, { config, clock, mailer }, invitation, channelOf, organisationId, userId);
};

const seedInvitation = async (
  db: Database,
  deps: { config: ServerConfig; clock: Clock; mailer: MailTransport },
  invitation: DemoInvitation,
  channelOf: (organisation: string, channel: string) => number,
  organisationId: Map<string, number>,
  userId: Map<string, number>,
) => {
  const now = deps.clock.now();
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${invitation.email}`,
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .limit(1);
  const [registered] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email))
    .limit(1);
  // Already pending, or the demo invitation was accepted: nothing to do.
  if (pending || registered) return;

  const channel = channelOf(invitation.organisation, invitation.channel);
  const roleId = CHANNEL_ROLE_IDS[invitation.role];
  const token = await createInvitation(
    { db, clock: deps.clock },
    {
      organisationId: lookup(organisationId, invitation.organisation),
      channelId: channel,
      roleId,
      email: invitation.email,
      screenName: invitation.screenName,
      isReader: roleId === CHANNEL_ROLE_IDS.reader,
      inviterId: lookup(userId, invitation.inviter),
    },
  );
  const inviter = DEMO_ACCOUNTS.find((account) => account.email === invitation.inviter);
  const demoChannel = DEMO_CHANNELS.find(
    (c) => c.organisation === invitation.organisation && c.subdomain === invitation.channel,
  );
  const organisation = DEMO_ORGANISATIONS.find((o) => o.subdomain === invitation.organisation);
  await sendMail(
    { db, ...deps },
    invitation.email,
    'invitation',
    {
      link: siteLink(deps.config, REGISTER_PAGE, { token }),
      screenName: invitation.screenName,
      inviterName: inviter?.screenName ?? invitation.inviter,
      organisationName: organisation?.name ?? invitation.organisation,
      channelName: demoChannel?.name ?? invitation.channel,
      reader: roleId === CHANNEL_ROLE_IDS.reader,
    },
    DEFAULT_LOCALE,
  );
};
