/**
 * Sign-up by company id (spec 2 Start and the company pages): POST /api/confirm/user_company_id
 * in three steps (organisationSubdomain, companyId, all), and the company pages' check and registration (paths
 * ours: /api/company/check, /api/company/register) for lit and unicef_for_every_child.
 *
 * The last step creates the account without a usable password, links it to the employee record and mails a
 * confirmation whose boarding is companyId; confirming sends a welcome mail with the link to set a password
 * (registration.ts).
 *
 * Who knows an organisation, a company id and a last name learns from these answers whether the employee exists,
 * whether a registration of theirs waits and at which address (masked), and whether they confirmed and with which
 * address (masked): nothing about any other account, and never an address in full (docs/decisions/security.md: Company-id
 * sign-up races).
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { OK_ANSWER } from '../../api/contract/common';
import type { PendingElsewhereDetailsWire } from '../../api/contract/errorShapes';
import { type Locale, ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import { maskedAddress } from '../../api/contract/maskedAddress';
import { API_PATHS } from '../../api/contract/paths';
import {
  type CompanyCheckAnswerWire,
  CompanyIdRequestWire,
  CompanyPageCheckRequestWire,
  CompanyPageRegisterRequestWire,
} from '../../api/contract/registration';
import { brandOf } from '../brand/organisationBrand';
import { sendConfirmation, sendPendingRegistrationNotice } from '../confirmation';
import { companyEmployees, memberships, type organisations, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { requestOrigin } from '../http/requestOrigin';
import { readJson } from '../http/validate';
import { requestLocale } from '../mail/locale';
import { normalisedAddress } from '../mail/recipientLimit';
import { findOrganisation } from '../places';
import { rateLimit } from '../rateLimit';
import { randomToken } from '../security/crypto';
import { hashPassword } from '../security/passwords';
import { storableOnly } from '../storableText';
import { termsOf } from '../terms/organisationTerms';
import { hasLiveToken, TOKEN_TTL_MS } from '../tokens';
import { onUniqueViolation } from '../uniqueViolation';
import { findUserById, refuseHeldAddress } from '../users';

export interface EmployeeQuery {
  organisationSubdomain: string;
  companyId: string;
  lastName: string;
}

type Employee = typeof companyEmployees.$inferSelect;
type Organisation = typeof organisations.$inferSelect;

/** accountOf's answer when a parallel registration of the same employee claimed or moved the account first. */
const LOST_RACE = Symbol('lost race');

/** The details a company-id refusal names an address with (PendingElsewhereDetailsWire): masked. */
const maskedDetails = (user: { email: string }): PendingElsewhereDetailsWire => ({
  email: maskedAddress(user.email),
});

/**
 * A check's answer: ok, the organisation's terms checkbox (spec 2 Register) and its branding (the name /start shows
 * once the organisation is found, its logo on the calling page's host), public like the page itself.
 */
const checkedAnswer = (organisation: Organisation, origin: string): CompanyCheckAnswerWire => ({
  ...OK_ANSWER,
  terms: termsOf(organisation),
  brand: brandOf(organisation, origin),
});

export const companyRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;

  const organisationOf = async (subdomain: string) => {
    const organisation = await findOrganisation(db, subdomain);
    if (!organisation) throw fail('registration_company_id_subdomain_not_found_error');
    return organisation;
  };

  /**
   * The employee with this personal company id and name: the last name (/start asks for it) or the full name
   * (/lit and /unicef ask for it, spec 2), compared without case, outer spaces or doubled spaces
   * (docs/decisions/product.md: The company pages ask for the full name).
   * One whose account is already confirmed answers user_is_already_confirmed_error: they should log in.
   */
  const employeeOf = async (
    query: EmployeeQuery,
  ): Promise<{ employee: Employee; organisation: Organisation }> => {
    const organisation = await organisationOf(query.organisationSubdomain);
    const name = query.lastName.trim().replace(/\s+/g, ' ');
    const [employee] = await db
      .select()
      .from(companyEmployees)
      .where(
        and(
          eq(companyEmployees.organisationId, organisation.id),
          eq(companyEmployees.companyId, query.companyId.trim()),
          or(
            sql`lower(${companyEmployees.lastName}) = lower(${name})`,
            sql`lower(${companyEmployees.firstName} || ' ' || ${companyEmployees.lastName}) = lower(${name})`,
          ),
        ),
      )
      .limit(1);
    if (!employee) throw fail('registration_company_id_unknown_company_id_error');
    if (employee.userId !== null) {
      const user = await findUserById(db, employee.userId);
      // The employee learns which address holds their registration, masked: if it is not theirs, they know whom
      // to ask (docs/decisions/security.md: Company-id sign-up races).
      if (user?.confirmedAt) throw fail('user_is_already_confirmed_error', { details: maskedDetails(user) });
    }
    return { employee, organisation };
  };

  const screenNameOf = (employee: Employee): string =>
    [employee.firstName, employee.lastName].filter(Boolean).join(' ').trim();

  /**
   * The account of an employee, created on the first registration. Registering again once no confirmation link is
   * live (a typo in the address, noticed after 7 days) moves the unconfirmed account to the new address; while one
   * is live, register() keeps it where it is. Another account's address answers email_already_exist_error (the
   * unique index decides). A parallel registration of the same employee that got there first makes this one
   * answer LOST_RACE and change nothing: the employee row is locked while it is claimed, and a move only happens
   * from the address read before.
   */
  const accountOf = async (employee: Employee, email: string, locale: Locale, pendingAt: string | null) => {
    const now = clock.now();
    const emailTaken = { users_email_lower_unique: () => fail('email_already_exist_error') };
    if (employee.userId !== null) {
      const [moved] = await onUniqueViolation(
        () =>
          db
            .update(users)
            .set({ email, locale, updatedAt: now })
            .where(
              and(
                eq(users.id, employee.userId as number),
                isNull(users.confirmedAt),
                eq(users.email, pendingAt ?? ''),
              ),
            )
            .returning(),
        emailTaken,
      );
      return moved ?? LOST_RACE;
    }
    // Nobody knows this password: the account gets its own through the mail sent at confirmation.
    const passwordHash = await hashPassword(randomToken());
    return db.transaction(async (tx) => {
      // Claimed first: a parallel registration waits here and then finds the row taken.
      const [free] = await tx
        .select({ id: companyEmployees.id })
        .from(companyEmployees)
        .where(and(eq(companyEmployees.id, employee.id), isNull(companyEmployees.userId)))
        .for('update');
      if (!free) return LOST_RACE;
      const [created] = await onUniqueViolation(
        () =>
          tx
            .insert(users)
            .values({
              email,
              passwordHash,
              screenName: screenNameOf(employee),
              locale,
              createdAt: now,
              updatedAt: now,
            })
            .returning(),
        emailTaken,
      );
      if (!created) throw new Error('user insert returned nothing');
      await refuseHeldAddress(tx, created, now);
      await tx
        .update(companyEmployees)
        .set({ userId: created.id })
        .where(eq(companyEmployees.id, employee.id));
      await tx.insert(memberships).values({
        userId: created.id,
        organisationId: employee.organisationId,
        roleId: ORGANISATION_ROLE_IDS['team-member'],
        createdAt: now,
      });
      return created;
    });
  };

  /**
   * The employee's account, read once, and whether it is pending: unconfirmed with a live link, or made or moved
   * within a link's lifetime (its mail may have been held back by the recipient limit, or not be issued yet by a
   * parallel registration, neither of which may open the account to a move).
   */
  const accountStateOf = async (employee: Employee) => {
    if (employee.userId === null) return { account: null, pending: false };
    const account = await findUserById(db, employee.userId);
    if (!account || account.confirmedAt !== null) return { account: account ?? null, pending: false };
    const since = Math.max(account.createdAt.getTime(), account.updatedAt.getTime());
    const recent = since > clock.now().getTime() - TOKEN_TTL_MS.confirm;
    return { account, pending: recent || (await hasLiveToken(deps, account.id, 'confirm')) };
  };

  /**
   * A registration of an employee whose registration waits at another address (docs/decisions/security.md: Company-id
   * sign-up races): nothing moves, the waiting address is told with a fresh link (at most the per-recipient share),
   * and the caller is told, with that address masked, so that neither racer wins without the other knowing.
   */
  const refusePendingElsewhere = async (
    pending: { id: number; email: string; screenName: string },
    organisation: Organisation,
    locale: Locale,
  ): Promise<never> => {
    await sendPendingRegistrationNotice(deps, pending, organisation, locale);
    throw fail('registration_pending_elsewhere_error', { details: maskedDetails(pending) });
  };

  /** The last step of both sign-ups; answers the organisation it registered into. */
  const register = async (
    c: Context,
    query: EmployeeQuery,
    email: string,
    attempt = 0,
  ): Promise<Organisation> => {
    const { employee, organisation } = await employeeOf(query);
    const locale = requestLocale(c);
    // One read decides both whether it waits elsewhere and from which address a move may happen.
    const { account, pending } = await accountStateOf(employee);
    if (account && pending && normalisedAddress(account.email) !== normalisedAddress(email))
      return refusePendingElsewhere(account, organisation, locale);
    const user = await accountOf(employee, email, locale, account?.email ?? null);
    if (user === LOST_RACE) {
      // Another registration of this employee got there first: answered as if it had come first. Once claimed or
      // moved the account is pending, so the next look refuses or finds this very address; more lost looks would
      // take racers that read before a claim and were never told, a fault rather than an answer.
      if (attempt >= 2) throw new Error('company-id registration lost its race three times');
      return register(c, query, email, attempt + 1);
    }
    // Past the recipient's share of confirmation mails: the same answer, and no mail.
    await sendConfirmation(deps, user, 'companyId', employee.organisationId, locale);
    return organisation;
  };

  const limited = rateLimit(deps.rateLimiter, 'companyId', config.trustProxy);
  const originOf = (c: Context) => requestOrigin(c, config.trustProxy);

  return new Hono<AppEnv>()
    .post(API_PATHS.checkCompanyId.path, limited, async (c) => {
      const body = storableOnly(await readJson(c, CompanyIdRequestWire));
      if (body.step === 'organisationSubdomain')
        return c.json(checkedAnswer(await organisationOf(body.organisationSubdomain), originOf(c)));
      const query = {
        organisationSubdomain: body.organisationSubdomain,
        companyId: body.companyId,
        lastName: body.lastName,
      };
      if (body.step === 'companyId')
        return c.json(checkedAnswer((await employeeOf(query)).organisation, originOf(c)));
      return c.json(checkedAnswer(await register(c, query, body.email), originOf(c)));
    })
    .post(API_PATHS.checkCompanyPage.path, limited, async (c) => {
      const body = storableOnly(await readJson(c, CompanyPageCheckRequestWire));
      const { organisation } = await employeeOf({
        organisationSubdomain: body.organisationSubdomain,
        companyId: body.userCompanyId,
        lastName: body.userLastName,
      });
      return c.json(checkedAnswer(organisation, originOf(c)));
    })
    .post(API_PATHS.registerCompanyPage.path, limited, async (c) => {
      const body = storableOnly(await readJson(c, CompanyPageRegisterRequestWire));
      const query = {
        organisationSubdomain: body.organisationSubdomain,
        companyId: body.userCompanyId,
        lastName: body.userLastName,
      };
      await register(c, query, body.email);
      return c.json(OK_ANSWER);
    });
};
