/** The startByCompanyId machine's types (context, events, input); its rules are in startByCompanyId.rules.ts. */
import type { OrganisationBrand } from '../../api/contract/branding';
import type { OrganisationTerms } from '../../api/contract/organisationTerms';
import type { Refusal } from '../form/refusal';

/** The three fields spec 3 keeps in local storage (start:organisationSubdomain, start:userCompanyId, start:userLastName). */
export interface StoredStartFields {
  organisationSubdomain: string;
  userCompanyId: string;
  userLastName: string;
}

export type StartTextField = keyof StoredStartFields | 'email' | 'confirmEmail';

export interface StartContext extends StoredStartFields {
  email: string;
  confirmEmail: string;
  terms: boolean;
  /**
   * The organisation's terms checkbox (spec 2 Register: wording and links), from the answer of the check that
   * establishes the organisation; the site's own until then.
   */
  organisationTerms: OrganisationTerms;
  /**
   * The organisation's name, logo and accent (spec 2 Register: 'Welcome to {name}'), from the same answer: the page
   * shows the organisation's name rather than what was typed. null until it is found.
   */
  organisationBrand: OrganisationBrand | null;
  /** spec 5 validation codes per field, from the contract's schemas. */
  fieldErrors: Partial<Record<StartTextField | 'terms', string>>;
  error: Refusal | undefined;
}

export interface StartMachineInput {
  /** What local storage held when the page was entered (spec 3: restored on reload). */
  stored?: Partial<StoredStartFields>;
}

export type StartEvent =
  | { type: 'field.change'; field: StartTextField; value: string }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'form.submit' }
  /** spec 4 Start steps: one step back (2 -> 1, 1 -> 0). */
  | { type: 'back' }
  /** spec 4 Start steps: a forced step, to an earlier step (the organisation's edit icon on step 2). */
  | { type: 'step.force'; step: 0 | 1 }
  /** spec 4 Start steps: back to step 0, clearing the fields and storage or not. */
  | { type: 'reset'; clear: boolean }
  /** spec 2 Start: the device-terms modal's two buttons. */
  | { type: 'deviceTerms.back' }
  | { type: 'deviceTerms.confirm' };
