/**
 * The e-mail confirmation's vocabulary (spec 2 Confirm, 3 Confirmation result, 4 Confirm by token, 8): what the
 * machine is started with, what it keeps, and which success message a confirmation result calls for. Kept apart
 * from the machine so the organisation choice is data the view only renders.
 */

import type { OrganisationBrand } from '../../api/contract/branding';
import type { COMPANY_PAGE_ORGANISATIONS } from '../../api/contract/limits';
import type { ConfirmEmailInput, ConfirmResult } from '../../api/contract/registration';
import type { Refusal } from '../form/refusal';

export type { ConfirmEmailInput, ConfirmResult };

export interface ConfirmEmailMachineInput {
  /** The `token` query parameter of /confirm; missing when the link came without one. */
  token?: string | undefined;
}

/**
 * spec 2 Confirm: the success page's message. `email`: the generic one (boardingMethod email). With boardingMethod
 * companyId: the one of the organisation (lit, unicef_for_every_child), else `companyDefault`; the three list
 * the next steps (download the app; set the password by the mailed link; log in with it).
 */
export type ConfirmationMessage = 'email' | 'companyDefault' | (typeof COMPANY_PAGE_ORGANISATIONS)[number];

export interface ConfirmEmailContext {
  token: string | undefined;
  /** Set once confirmed: the message the success page shows. */
  message: ConfirmationMessage | undefined;
  /** Set once confirmed into an organisation: its name, logo and accent (spec 2 Register's welcome). */
  brand: OrganisationBrand | undefined;
  /** Set once failed (spec 8): the catalogue code of the failure; no token: unknown_server_error. */
  error: Refusal | undefined;
}
