/**
 * The start stepper's vocabulary (spec 2 Start, 3 Start fields, 4 Start steps, 5 Start, 8): its fields, its
 * events, its validation (the contract's schemas), where spec 8 shows each refusal, and what each call is made with.
 */
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';
import { DEVICE_TERMS_ORGANISATIONS } from '../../api/contract/limits';
import {
  type CheckCompanyIdInput,
  StartCompanyIdForm,
  StartEmailForm,
  StartSubdomainForm,
} from '../../api/contract/registration';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { StartContext, StartTextField } from './startByCompanyId.types';

/**
 * A typed value (or the terms box) replaces the field's and clears that field's error and the form's refusal: the
 * same in both company-id sign-ups (spec 2 Start, spec 2 Company-specific start pages).
 */
export const fieldChanged = (
  context: Pick<StartContext, 'fieldErrors'>,
  field: StartTextField | 'terms',
  value: string | boolean,
) => {
  const { [field]: _dropped, ...fieldErrors } = context.fieldErrors;
  return { [field]: value, fieldErrors, error: undefined };
};

/** spec 5 Start: the subdomain step's errors ({} when it may be sent). */
export const subdomainErrors = (context: StartContext): StartContext['fieldErrors'] =>
  firstErrorPerField(
    formErrors(StartSubdomainForm, { organisationSubdomain: context.organisationSubdomain }),
    ['organisationSubdomain'],
  );
/** spec 5 Start: last name 3-256 and company id 1-20 (also the company pages' first step). */
export const companyIdErrors = (
  context: Pick<StartContext, 'userLastName' | 'userCompanyId'>,
): StartContext['fieldErrors'] =>
  firstErrorPerField(
    formErrors(StartCompanyIdForm, {
      userLastName: context.userLastName,
      userCompanyId: context.userCompanyId,
    }),
    ['userLastName', 'userCompanyId'],
  );
/** spec 5 Start: e-mail, confirm e-mail (equal), terms (also the company pages' second step). */
export const emailErrors = (
  context: Pick<StartContext, 'email' | 'confirmEmail' | 'terms'>,
): StartContext['fieldErrors'] =>
  firstErrorPerField(
    formErrors(StartEmailForm, {
      email: context.email,
      confirmEmail: context.confirmEmail,
      terms: context.terms,
    }),
    ['email', 'confirmEmail', 'terms'],
  );

/**
 * spec 5 Start: while the confirmation is typed and differs from the e-mail, the submit is disabled and a mismatch
 * message shows (the comparison the contract's StartEmailForm makes).
 */
export const emailsDiffer = (context: Pick<StartContext, 'email' | 'confirmEmail'>): boolean =>
  context.confirmEmail.trim() !== '' &&
  context.email.trim().toLowerCase() !== context.confirmEmail.trim().toLowerCase();

/** spec 2 Start / spec 6: papier_union and inapa_deutschland, in any letter case, see the device terms. */
export const needsDeviceTerms = (context: StartContext): boolean =>
  (DEVICE_TERMS_ORGANISATIONS as readonly string[]).includes(
    context.organisationSubdomain.trim().toLowerCase(),
  );

/** What each step's call is made with (trimmed, as the schemas clean them). */
export const subdomainCall = (context: StartContext): CheckCompanyIdInput => ({
  step: 'organisationSubdomain',
  organisationSubdomain: context.organisationSubdomain.trim(),
});
export const companyIdCall = (context: StartContext): CheckCompanyIdInput => ({
  step: 'companyId',
  organisationSubdomain: context.organisationSubdomain.trim(),
  userCompanyId: context.userCompanyId.trim(),
  userLastName: context.userLastName.trim(),
});
export const registerCall = (context: StartContext): CheckCompanyIdInput => ({
  step: 'all',
  organisationSubdomain: context.organisationSubdomain.trim(),
  userCompanyId: context.userCompanyId.trim(),
  userLastName: context.userLastName.trim(),
  email: context.email.trim(),
});

/** spec 8: which field shows a refusal on the start page; the rest (already confirmed, unknown) is the page's message. */
const REFUSAL_FIELDS: Partial<Record<ErrorCode, StartTextField>> = {
  registration_company_id_subdomain_not_found_error: 'organisationSubdomain',
  registration_company_id_unknown_company_id_error: 'userCompanyId',
  email_already_exist_error: 'email',
};

/** A refusal as the page shows it: a server's field error under its field, else the code where spec 8 puts it. */
export const START_PLACES: FormPlaces<StartTextField> = {
  fields: ['organisationSubdomain', 'userCompanyId', 'userLastName', 'email'],
  placed: REFUSAL_FIELDS,
};

/**
 * docs/decisions/security.md Company-id sign-up races: the registration was refused because one for this employee waits at
 * another address (the refusal's details name it, masked). Both sign-ups go to a state that says so.
 */
export const isPendingElsewhere = ({ event }: { event: object }): boolean =>
  failureOf(event).code === 'registration_pending_elsewhere_error';
