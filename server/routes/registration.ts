/**
 * Registration (spec 2 Register, spec 7): GET /api/register?token (invitation check), POST /api/register (curator or
 * invitation sign-up, told apart by the token), GET /api/confirm?token (e-mail confirmation).
 *
 * Uniqueness of e-mail addresses and channel subdomains is kept by the database: the INSERT fails and the unique
 * violation becomes the spec 8 code, so parallel sign-ups of one subdomain end with exactly one channel.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { TokenQueryWire, VALIDATION_CODES } from '../../api/contract/common';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import {
  type CheckInviteAnswerWire,
  type ConfirmAnswerWire,
  CuratorRegisterRequestWire,
  fromInviteRegisterRequestWire,
  InviteRegisterRequestWire,
  isInviteRegisterBody,
  type RegisterAnswerWire,
} from '../../api/contract/registration';
import { brandOf } from '../brand/organisationBrand';
import { sendConfirmation } from '../confirmation';
import { memberships, organisations, tokens, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail, fieldError } from '../http/problem';
import { requestOrigin } from '../http/requestOrigin';
import { parseWith } from '../http/validate';
import {
  findOpenInvitation,
  giveInvitationSecret,
  invitationTotpSecret,
  toInviteInfoWire,
  useInvitation,
} from '../invitations';
import { requestLocale } from '../mail/locale';
import { mayMail } from '../mail/recipientLimit';
import { noticeSignInBrowser } from '../mail/securityNotice';
import { sendMail } from '../mail/send';
import {
  channelSubdomainOf,
  channelUrl,
  createChannelWithAdmin,
  defaultOrganisation,
  RAW_SUBDOMAIN_MAX,
} from '../places';
import { rateLimit } from '../rateLimit';
import { refuseBreachedPassword } from '../security/breachedPasswords';
import { hashPassword } from '../security/passwords';
import { regenerateRecoveryCodes } from '../security/recoveryCodes';
import { keyRingOf } from '../security/serverKey';
import { checkTotp, newTotpSecret, setupPayload } from '../security/totp';
import { forgetUserReads } from '../sessionReads';
import { startSession, userAgentOf } from '../sessions';
import { siteLink } from '../siteLinks';
import { storableOnly } from '../storableText';
import { consumeToken, hashToken, issueToken, TOKEN_TTL_MS } from '../tokens';
import { onUniqueViolation } from '../uniqueViolation';
import { findUserById, refuseHeldAddress } from '../users';
import { RESET_PAGE } from './passwords';

/** Where a new curator goes (spec 2 Register: 'After registration the browser goes to /me'). */
export const CURATOR_LANDING = '/me';

/**
 * The curator body with the subdomain as typed: spec 5 normalises it first (underscores and spaces go), then the
 * contract's rule applies to the result (places.ts channelSubdomainOf).
 */
const CuratorRegisterBody = v.object({
  ...CuratorRegisterRequestWire.entries,
  subdomain: v.pipe(
    v.string(VALIDATION_CODES.required),
    v.nonEmpty(VALIDATION_CODES.required),
    v.maxLength(RAW_SUBDOMAIN_MAX, VALIDATION_CODES.max),
  ),
});

/** A day, for telling mail readers how long a link lasts. */
const DAY_MS = 24 * 60 * 60 * 1000;

const emailTaken = { users_email_lower_unique: () => fail('email_already_exist_error') };

/** Reads the JSON body once; the two sign-ups share the path and differ by the token (contract). */
const readBody = async (c: Context): Promise<unknown> => {
  try {
    return await c.req.json();
  } catch {
    return undefined; // parseWith answers the FieldValidationError
  }
};

export const registrationRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;

  /** spec 2 Register (curator): user and channel in 'welcome', user as admin; mails a confirmation; to /me. */
  const registerCurator = async (c: Context, body: unknown) => {
    const wire = storableOnly(parseWith(CuratorRegisterBody, body));
    const subdomain = channelSubdomainOf(wire.subdomain);
    await refuseBreachedPassword(config, wire.pwd);
    const passwordHash = await hashPassword(wire.pwd);
    const now = clock.now();
    const welcome = await defaultOrganisation(db, now);
    const user = await db.transaction(async (tx) => {
      const [created] = await onUniqueViolation(
        () =>
          tx
            .insert(users)
            .values({
              email: wire.email,
              passwordHash,
              screenName: wire.screenName,
              locale: requestLocale(c),
              createdAt: now,
              updatedAt: now,
            })
            .returning(),
        emailTaken,
      );
      if (!created) throw new Error('user insert returned nothing');
      await refuseHeldAddress(tx, created, now);
      await createChannelWithAdmin(tx, {
        organisationId: welcome.id,
        name: wire.channelName,
        subdomain,
        ownerId: created.id,
        now,
      });
      return created;
    });
    await sendConfirmation(deps, user, 'email', welcome.id, requestLocale(c));
    await startSession(c, deps, user.id);
    // The browser that signed up is known from now on: no 'new browser' notice for it (never one for sign-up).
    await noticeSignInBrowser(c, deps, user);
    const answer: RegisterAnswerWire = { redirectUrl: CURATOR_LANDING };
    return c.json(answer);
  };

  /**
   * spec 2 Register (invitation): joins the invited channel with the invited role. In an organisation that
   * enforces two-factor the first call answers two_factor_auth_is_not_setup_error with the setup payload and the
   * same call with the code completes it (as login does), answering the recovery codes too.
   */
  const registerInvite = async (c: Context, body: unknown) => {
    const input = fromInviteRegisterRequestWire(storableOnly(parseWith(InviteRegisterRequestWire, body)));
    const now = clock.now();
    const open = await findOpenInvitation(db, input.token, now);
    if (!open) throw fail('invite_token_invalid_error');
    const { invitation, organisation, channel } = open;
    // The e-mail field is read-only on the page: the invitation's address is the account's address.
    if (input.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase()) {
      throw fieldError('email', VALIDATION_CODES.only);
    }

    let twoFactor: { secret: string; step: number } | null = null;
    if (organisation.enforcesTwoFactor) {
      const secret = await invitationTotpSecret(db, keyRingOf(config), invitation, newTotpSecret);
      const twoFactorVerify = await setupPayload(secret, config.totpIssuer, invitation.email);
      if (!input.otpCode) throw fail('two_factor_auth_is_not_setup_error', { twoFactorVerify });
      const check = checkTotp(secret, input.otpCode, now);
      if (!check.ok) {
        const details = check.driftMinutes ? { details: { clockDriftMinutes: check.driftMinutes } } : {};
        throw fail('unknown_auth_otp_code_error', { twoFactorVerify, ...details });
      }
      twoFactor = { secret, step: check.step };
    }

    await refuseBreachedPassword(config, input.password);
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      if (!(await useInvitation(tx, invitation.id, now))) throw fail('invite_token_invalid_error');
      const [created] = await onUniqueViolation(
        () =>
          tx
            .insert(users)
            .values({
              email: invitation.email,
              passwordHash,
              screenName: input.screenName,
              locale: requestLocale(c),
              isReader: invitation.isReader || invitation.roleId === CHANNEL_ROLE_IDS.reader,
              // The invitation link proved the mailbox.
              confirmedAt: now,
              // Set up by this sign-up's browser, before any session (the recovery review shows it).
              ...(twoFactor && {
                twoFactorEnabled: true,
                lastTotpStep: twoFactor.step,
                twoFactorSince: now,
                twoFactorUserAgent: userAgentOf(c),
              }),
              createdAt: now,
              updatedAt: now,
            })
            .returning(),
        emailTaken,
      );
      if (!created) throw new Error('user insert returned nothing');
      await refuseHeldAddress(tx, created, now);
      if (twoFactor)
        await giveInvitationSecret(tx, keyRingOf(config), invitation.id, created.id, twoFactor.secret);
      await tx
        .insert(memberships)
        .values({ userId: created.id, channelId: channel.id, roleId: invitation.roleId, createdAt: now });
      return created;
    });
    const recoveryCodes = twoFactor
      ? await regenerateRecoveryCodes(db, keyRingOf(config), user.id, now)
      : undefined;
    await startSession(c, deps, user.id);
    // The browser that signed up is known from now on: no 'new browser' notice for it (never one for sign-up).
    await noticeSignInBrowser(c, deps, user);
    const answer: RegisterAnswerWire = {
      redirectUrl: channelUrl(config, channel.subdomain, organisation.subdomain),
      ...(recoveryCodes && { recoveryCodes }),
    };
    return c.json(answer);
  };

  /**
   * GET /api/confirm: uses the token up and marks the address confirmed. A link used before answers
   * user_is_already_confirmed_error when its account is confirmed (the second click), else the token is invalid.
   * Company-id sign-ups get a welcome mail with a link to set their password now (spec 2 Confirm speaks of 'the
   * personal password sent by e-mail'; docs/decisions/product.md: Company-id sign-up: a link to set a password).
   */
  const confirm = async (c: Context) => {
    const parsed = v.safeParse(TokenQueryWire, c.req.query());
    if (!parsed.success) throw fail('user_confirm_token_invalid_error');
    const raw = parsed.output.token;
    const [known] = await db
      .select()
      .from(tokens)
      .where(and(eq(tokens.tokenHash, hashToken(raw)), eq(tokens.kind, 'confirm')))
      .limit(1);
    if (!known) throw fail('user_confirm_token_invalid_error');
    const used = await consumeToken(deps, 'confirm', raw);
    const user = await findUserById(db, known.userId);
    if (!used || !user) {
      if (known.usedAt && user?.confirmedAt) throw fail('user_is_already_confirmed_error');
      throw fail('user_confirm_token_invalid_error');
    }
    const now = clock.now();
    const [confirmedNow] = await db
      .update(users)
      // The link proved the mailbox: its owner's language is the account's from now on (Security notices).
      .set({ confirmedAt: now, locale: requestLocale(c), updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.confirmedAt)))
      .returning({ id: users.id });
    // A signed-in tab's next GET /api/me must lose the 'please verify' banner at once.
    forgetUserReads(deps, user.id);
    const [organisation] = used.organisationId
      ? await db
          .select({
            subdomain: organisations.subdomain,
            name: organisations.name,
            accent: organisations.accent,
            logoVersion: organisations.logoVersion,
          })
          .from(organisations)
          .where(eq(organisations.id, used.organisationId))
      : [];
    // The welcome is sent once per account; the recipient limit still holds (docs/decisions/security.md: Mail per recipient).
    if (confirmedNow && used.boarding === 'companyId' && (await mayMail(deps, 'welcome', user.email))) {
      // A company-id employee has no password yet: a welcome with a link to set one, valid as long as the
      // confirmation was (onboarding takes days, not an hour); never a password in the mail.
      // Marked as the company-id boarding's: the password it sets is the first, and no 'password changed' notice goes.
      const token = await issueToken(deps, {
        kind: 'reset',
        userId: user.id,
        ttlMs: TOKEN_TTL_MS.confirm,
        boarding: 'companyId',
      });
      await sendMail(
        deps,
        user.email,
        'welcomeSetPassword',
        {
          link: siteLink(config, RESET_PAGE, { token }),
          screenName: user.screenName,
          organisationName: organisation?.name ?? organisation?.subdomain ?? '',
          days: Math.round(TOKEN_TTL_MS.confirm / DAY_MS),
        },
        requestLocale(c),
        organisation && brandOf(organisation, config.siteUrl),
      );
    }
    const answer: ConfirmAnswerWire = {
      boarding: used.boarding ?? 'email',
      organisationSubdomain: organisation?.subdomain ?? null,
      organisation: organisation ? brandOf(organisation, requestOrigin(c, config.trustProxy)) : null,
    };
    return c.json(answer);
  };

  return new Hono<AppEnv>()
    .get(API_PATHS.checkInvite.path, async (c) => {
      const parsed = v.safeParse(TokenQueryWire, c.req.query());
      if (!parsed.success) throw fail('invite_token_invalid_error');
      const open = await findOpenInvitation(db, parsed.output.token, clock.now());
      if (!open) throw fail('invite_token_invalid_error');
      const answer: CheckInviteAnswerWire = {
        data: toInviteInfoWire(config, open, requestOrigin(c, config.trustProxy)),
      };
      return c.json(answer);
    })
    .post(
      API_PATHS.registerCurator.path,
      rateLimit(deps.rateLimiter, 'registration', config.trustProxy),
      async (c) => {
        const body = await readBody(c);
        return isInviteRegisterBody(body) ? registerInvite(c, body) : registerCurator(c, body);
      },
    )
    .get(API_PATHS.confirmEmail.path, confirm);
};
