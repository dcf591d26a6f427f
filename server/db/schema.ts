/**
 * The reference server's storage (docs/decisions/product.md: Scope). One Drizzle schema for PGlite and Postgres alike;
 * `npx drizzle-kit generate` writes the SQL migrations to server/db/migrations.
 *
 * Rules kept by the database, not by read-then-write: unique e-mail (case-insensitive), unique subdomains,
 * one membership per user and place, role ids in the ranges of spec 3, single-use token hashes.
 * Secrets are never stored in the clear: passwords as argon2id, tokens as sha-256, recovery codes as a keyed hash and
 * TOTP secrets sealed under the server key (server/security/serverKey.ts).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TermsWording } from '../../api/contract/limits';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** Bytes as they are (an organisation's logo): Uint8Array on PGlite, Buffer (a Uint8Array) on Postgres. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** spec 3 User.location. */
export interface UserLocation {
  text?: string;
  city?: string;
  state?: string;
  country?: string;
}
/** spec 3 User.links: one URL per social network (spec 2 Me page icons). */
export type UserLinks = Partial<
  Record<'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'tiktok' | 'twitter' | 'snapchat', string>
>;

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored as typed; uniqueness and look-ups go through lower(email). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    screenName: text('screen_name').notNull(),
    /**
     * The language the account's own notices go in (docs/decisions/security.md: Security notices): the request's when the
     * account was made, then whenever its owner proves the mailbox (an address confirmed, a password set from a
     * mailed link). Null for accounts from before it was kept: the request's language then.
     */
    locale: text('locale'),
    phone: text('phone'),
    position: text('position'),
    department: text('department'),
    bio: text('bio'),
    location: jsonb('location').$type<UserLocation>(),
    links: jsonb('links').$type<UserLinks>(),
    imageId: integer('image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    isStaff: boolean('is_staff').notNull().default(false),
    isReader: boolean('is_reader').notNull().default(false),
    /** Null while the e-mail confirmation is pending (spec 3 accountConfirmationPending). */
    confirmedAt: moment('confirmed_at'),
    /** TOTP secret in use once two-factor is on, sealed for this row (server/security/totpSecrets.ts). */
    totpSecret: text('totp_secret'),
    /** Secret handed out by GET /api/me/2fa or the login setup payload, until a code proves it (sealed). */
    totpPendingSecret: text('totp_pending_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Highest TOTP time step accepted so far: a code of that step or older is a replay. */
    lastTotpStep: integer('last_totp_step'),
    /** Failed passwords or codes in the window that began at failedWindowStart (lockout after 10 in 1 h). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    failedWindowStart: moment('failed_window_start'),
    lockedUntil: moment('locked_until'),
    /**
     * The credential epoch (docs/decisions/security.md: Credential epoch): moved, in the same transaction, by every change
     * that must end whoever held the old credential (a new password, a reset, an e-mail undo). A session lives only
     * while its own epoch is this one, so no order of concurrent requests keeps a session made under an old password.
     */
    credentialEpoch: integer('credential_epoch').notNull().default(0),
    /** When two-factor was last turned on or set up again, and by which session (sha-256 of its id): the recovery review. */
    twoFactorSince: moment('two_factor_since'),
    twoFactorSession: text('two_factor_session'),
    /** The browser (User-Agent, bounded) that turned two-factor on: shown in the recovery review. */
    twoFactorUserAgent: text('two_factor_user_agent'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 (hex) of the opaque cookie value; the raw id never reaches the database. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First seen: when the session began (GET /api/me/sessions). */
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    /** The User-Agent the session began with; read into browser and system for the sessions list. */
    userAgent: text('user_agent'),
    /** Last call made with this session, kept to a few minutes' precision (sessions.ts LAST_SEEN_STEP_MS). */
    lastSeenAt: moment('last_seen_at'),
    /** Last proof of the password or a one-time code in this session (docs/decisions/security.md: Step-up). */
    steppedUpAt: moment('stepped_up_at'),
    /** The account's credential epoch when the session began: the session is dead once the account's moves on. */
    credentialEpoch: integer('credential_epoch').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Remembered devices (docs/decisions/security.md: Remember this device): a browser that passed the one-time code or a
 * recovery code at login with 'Remember this device' ticked skips the code at its next password logins until
 * expiresAt. Only the sha-256 of the cookie's random 32 bytes is kept; the row is bound to the account and its
 * credential epoch, so a password change, a recovery or 'sign out everywhere' (each moves the epoch) ends it.
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    /** sha-256 (hex) of the cookie's random value; the raw value never reaches the database. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account's credential epoch when the device was remembered: dead once the account's moves on. */
    credentialEpoch: integer('credential_epoch').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    /** The User-Agent that ticked the box; read into browser and system for the list on /me. */
    userAgent: text('user_agent'),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
);

/**
 * The account's recent security activity (docs/decisions/security.md: Security activity): its sign-ins (by method) and
 * its security changes, each with the User-Agent of the browser that made it (read into browser and system on /me),
 * never an address. Written in the statement or transaction of the action itself; kept 90 days (server/retentionSweep.ts).
 */
export const securityActivity = pgTable(
  'security_activity',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sign_in' with its method, or the change (api/contract/securityActivity.ts SECURITY_ACTIVITY_KINDS). */
    kind: text('kind').notNull(),
    /** How a sign-in proved itself (SIGN_IN_METHODS); null for a change. */
    method: text('method'),
    userAgent: text('user_agent'),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [index('security_activity_user_idx').on(t.userId, t.at), index('security_activity_at_idx').on(t.at)],
);

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull().unique('organisations_subdomain_unique'),
    /** Members must use two-factor (spec 4 Login): login answers two_factor_auth_is_not_setup_error. */
    enforcesTwoFactor: boolean('enforces_two_factor').notNull().default(false),
    /**
     * Whether members may skip the code on a remembered device (docs/decisions/security.md: Remember this device).
     * Only read when the organisation enforces two-factor: false forbids remembering for its members.
     */
    allowsRememberedDevices: boolean('allows_remembered_devices').notNull().default(true),
    /**
     * The terms-and-privacy checkbox at sign-up (spec 2 Register; docs/decisions/product.md: Organisation terms come from
     * the organisation's data): one of TERMS_WORDINGS, and the organisation's own terms and privacy addresses
     * (null: the site's own /terms-of-service and /privacy). Set by `npm run terms` (server/terms/command.ts).
     */
    termsWording: text('terms_wording').$type<TermsWording>().notNull().default('default'),
    termsUrl: text('terms_url'),
    privacyUrl: text('privacy_url'),
    /** When an operator last set or cleared these terms; null: never (the demo seed may still fill them in). */
    termsSetAt: moment('terms_set_at'),
    /**
     * The branding (spec 2 Register: 'Welcome to {name}' with the logo; docs/decisions/product.md: Organisation
     * branding comes from its data): the accent as the operator gave it (#rrggbb; null: the site's colours), and
     * the version of its logo in organisation_logos (null: none). Set by `npm run brand` (server/brand/command.ts).
     */
    accent: text('accent'),
    logoVersion: text('logo_version'),
    /** When an operator last set the branding; null: never (the demo seed may still fill it in). */
    brandSetAt: moment('brand_set_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'organisations_terms_wording',
      sql`${t.termsWording} in ('default', 'wernsing_food_family', 'ceramtec', 'unicef_for_every_child', 'lit')`,
    ),
    check('organisations_accent', sql`${t.accent} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * An organisation's logo: PNG or WebP bytes checked by server/brand/logo.ts, served by GET
 * /api/organisations/:subdomain/logo. Apart from the organisation's row, so reading an organisation never reads them.
 */
export const organisationLogos = pgTable(
  'organisation_logos',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    content: bytea('content').notNull(),
    /** The first 16 hex digits of the bytes' sha-256: the address's ?v= and organisations.logo_version. */
    version: text('version').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    check('organisation_logos_media_type', sql`${t.mediaType} in ('image/png', 'image/webp')`),
    check('organisation_logos_size', sql`octet_length(${t.content}) <= 65536`),
  ],
);

export const channels = pgTable(
  'channels',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull(),
    archived: boolean('archived').notNull().default(false),
    /** The creator (spec 6: appears with role admin); listed as the channel's Creator. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('channels_organisation_subdomain_unique').on(t.organisationId, t.subdomain)],
);

/**
 * A user's role in exactly one organisation (role ids 6-8) or one channel (role ids 1-5), spec 3.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('memberships_user_channel_unique').on(t.userId, t.channelId),
    unique('memberships_user_organisation_unique').on(t.userId, t.organisationId),
    check(
      'memberships_place_and_role',
      sql`(${t.channelId} is not null and ${t.organisationId} is null and ${t.roleId} between 1 and 5)
        or (${t.organisationId} is not null and ${t.channelId} is null and ${t.roleId} between 6 and 8)`,
    ),
    index('memberships_channel_idx').on(t.channelId),
    index('memberships_organisation_idx').on(t.organisationId),
  ],
);

/** An invitation to join one channel with one role (spec 6); the raw token only travels in the mail. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id').notNull(),
    email: text('email').notNull(),
    screenName: text('screen_name').notNull(),
    /** Invitee picture shown on the invitation page (spec 2 Register); optional. */
    imageUrl: text('image_url'),
    isReader: boolean('is_reader').notNull().default(false),
    /**
     * Invitations into an organisation that enforces two-factor: the secret handed out with twoFactorVerify
     * before the account exists, so the next call's code can be checked against it (registration.ts); sealed.
     */
    totpPendingSecret: text('totp_pending_secret'),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [check('invitations_channel_role', sql`${t.roleId} between 1 and 5`)],
);

export const TOKEN_KINDS = [
  'reset',
  'magic',
  'confirm',
  'emailChange',
  'emailUndo',
  'recoveryReview',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Single-use e-mailed tokens: password reset, magic login link, e-mail confirmation. */
export const tokens = pgTable(
  'tokens',
  {
    id: id(),
    kind: text('kind').$type<TokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique('tokens_token_hash_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Confirmation only: how the user came aboard (spec 3 Confirmation result), and where. */
    boarding: text('boarding').$type<'email' | 'companyId'>(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /**
     * E-mail changes only (docs/decisions/security.md: Changing the e-mail address): the new address for 'emailChange', the
     * address to go back to for 'emailUndo'.
     */
    email: text('email'),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'tokens_kind',
      sql`${t.kind} in ('reset', 'magic', 'confirm', 'emailChange', 'emailUndo', 'recoveryReview')`,
    ),
    index('tokens_user_idx').on(t.userId),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/** People a company lets sign up by company id (spec 2 Start, company pages). */
export const companyEmployees = pgTable(
  'company_employees',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name').notNull(),
    companyId: text('company_id').notNull(),
    /** Set once the employee has registered. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('company_employees_organisation_company_id_unique').on(t.organisationId, t.companyId)],
);

/** Files received by this server's upload endpoint (the stand-in for the upload service, spec 7). */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    assemblyId: text('assembly_id').notNull().unique('uploads_assembly_id_unique'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    url: text('url').notNull(),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** sha-256 of the signature it was uploaded with: one upload per signature (this server's own endpoint). */
    signatureHash: text('signature_hash').unique('uploads_signature_hash_unique'),
    createdAt: createdAt(),
  },
  // The per-user quota and the sweep of orphaned uploads read by user and age.
  (t) => [index('uploads_user_created_idx').on(t.userId, t.createdAt)],
);

/** Image records (POST /api/images, spec 7): what a profile's imageId points at. */
export const images = pgTable(
  'images',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('profile'),
    assemblyId: text('assembly_id'),
    url: text('url').notNull(),
    path: text('path'),
    mime: text('mime'),
    size: integer('size'),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
);

/** Every mail the server sends (spec 7, spec 9), read back by GET /api/dev/mailbox outside production. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    sentAt: moment('sent_at').notNull().defaultNow(),
    /** Set when SMTP delivery failed; the mail stays readable here. */
    deliveryError: text('delivery_error'),
    /**
     * A mail waiting for delivery (server/mail/outbox.ts, docs/decisions/operations.md: Mail outbox): the tries so far, when
     * the next may start (null: delivered or given up), when it is given up, and the mail's text and HTML sealed
     * under the server key (blanked once sent or expired).
     */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    expiresAt: moment('expires_at'),
    sealedBody: text('sealed_body'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(sql`lower(${t.to})`),
    index('mail_outbox_next_attempt_idx').on(t.nextAttemptAt),
  ],
);

/**
 * Per-address rate-limit windows, when they must be shared by several server processes on one Postgres
 * (server/rateLimit.ts DatabaseRateLimiter): one row per bucket and address, counted in one upsert.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

export const IDP_PROVIDERS = ['azure', 'okta'] as const;

/**
 * An organisation's OpenID Connect settings (spec 1 identity providers): one provider per organisation. The client
 * secret is stored only as AES-256-GCM ciphertext (server/idp/secretBox.ts), bound to this organisation and
 * provider, under a key that lives in the environment, never in the database.
 */
export const identityProviderSettings = pgTable(
  'identity_provider_settings',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' })
      .unique('identity_provider_settings_organisation_unique'),
    provider: text('provider').$type<(typeof IDP_PROVIDERS)[number]>().notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Lower-case e-mail domains whose people may sign in this way; empty: any domain the provider vouches for. */
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [check('identity_provider_settings_provider', sql`${t.provider} in ('azure', 'okta')`)],
);

/**
 * Passkeys (WebAuthn credentials, docs/decisions/security.md: Passkeys). Nothing here signs anyone in: the public key is
 * public by nature (it only checks signatures the authenticator makes), the credential id is an identifier the
 * browser sends anyway. The counter is the authenticator's signature count (a uint32), checked against clones.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it; unique across all accounts. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** What the authenticator said it speaks ('internal', 'usb', 'hybrid'...), given back as hints at sign-in. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    /** The browser (User-Agent, bounded) and the session (sha-256 of its id) that added it: the recovery review. */
    addedUserAgent: text('added_user_agent'),
    addedSession: text('added_session'),
    /**
     * Set by a recovery for a passkey added by a session the recovery ended (docs/decisions/security.md: Recovery review):
     * it signs nobody in until the owner keeps it in the review.
     */
    suspendedAt: moment('suspended_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);
