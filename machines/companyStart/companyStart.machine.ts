import { and, assign, fromPromise, not, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type { CompanyPageOrganisation } from '../../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import type {
  CheckCompanyPageInput,
  CompanyCheck,
  RegisterCompanyPageInput,
} from '../../api/contract/registration';
import { output } from '../form/output';
import { refusalFrom } from '../form/refusal';
import { resendMachine } from '../resend/resend.machine';
import {
  companyIdErrors,
  emailErrors,
  emailsDiffer,
  fieldChanged,
  isPendingElsewhere,
  START_PLACES,
} from '../startByCompanyId/startByCompanyId.rules';
import type { StartContext, StartTextField } from '../startByCompanyId/startByCompanyId.types';

export interface CompanyStartContext extends Omit<StartContext, 'organisationSubdomain'> {
  organisationSubdomain: CompanyPageOrganisation;
}

export type CompanyStartEvent =
  | { type: 'field.change'; field: Exclude<StartTextField, 'organisationSubdomain'>; value: string }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'form.submit' }
  | { type: 'back' }
  | { type: 'restart' };

const checkInput = (c: CompanyStartContext): CheckCompanyPageInput => ({
  organisationSubdomain: c.organisationSubdomain,
  userLastName: c.userLastName.trim(),
  userCompanyId: c.userCompanyId.trim(),
});
const registerInput = (c: CompanyStartContext): RegisterCompanyPageInput => ({
  ...checkInput(c),
  email: c.email.trim(),
});
const empty = {
  userLastName: '',
  userCompanyId: '',
  email: '',
  confirmEmail: '',
  terms: false,
  organisationTerms: DEFAULT_ORGANISATION_TERMS,
  organisationBrand: null,
};

/**
 * spec 2 Company-specific start pages (lit, unicef_for_every_child): step 1 full name and staff number, checked;
 * step 2 e-mail, confirmation and terms, registered; then the success message with a restart. Two actor slots:
 * `checkCompanyPage` (POST /api/company/check, answering the organisation's terms checkbox, kept for step 2) and
 * `registerCompanyPage` (POST /api/company/register).
 */
export const companyStartMachine = setup({
  types: {} as {
    context: CompanyStartContext;
    events: CompanyStartEvent;
    input: { organisationSubdomain: CompanyPageOrganisation };
    tags: 'busy' | 'step:details' | 'step:email' | 'pendingElsewhere';
    children: { resendMail: 'resendMail' };
  },
  actors: {
    checkCompanyPage: fromPromise<CompanyCheck, CheckCompanyPageInput>(async () => {
      throw new Error('actor checkCompanyPage must be provided');
    }),
    registerCompanyPage: fromPromise<void, RegisterCompanyPageInput>(async () => {
      throw new Error('actor registerCompanyPage must be provided');
    }),
    /** docs/decisions/product.md Check your e-mail: 'Send again' (machines/resend), the registration once more. */
    resendMail: resendMachine,
  },
  guards: {
    isDetailsValid: ({ context }) => Object.keys(companyIdErrors(context)).length === 0,
    isEmailFormValid: ({ context }) => Object.keys(emailErrors(context)).length === 0,
    emailsDiffer: ({ context }) => emailsDiffer(context),
    isPendingElsewhere,
  },
  actions: {
    changeField: assign(({ context, event }) =>
      event.type === 'field.change' ? fieldChanged(context, event.field, event.value) : {},
    ),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change' ? fieldChanged(context, 'terms', event.checked) : {},
    ),
    showDetailsErrors: assign(({ context }) => ({ fieldErrors: companyIdErrors(context), error: undefined })),
    showEmailErrors: assign(({ context }) => ({ fieldErrors: emailErrors(context), error: undefined })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    /** spec 8: on these pages an unknown company id is the page's own message (with a contact link), not a field's. */
    showRefusal: assign(({ event }) => {
      const shown = refusalFrom(failureOf(event), START_PLACES);
      return shown.error?.code === 'registration_company_id_unknown_company_id_error'
        ? { ...shown, error: { code: shown.error.code } }
        : shown;
    }),
    /** spec 2 Register: the organisation's terms checkbox, from the check's answer. */
    storeOrganisationTerms: assign((_, check: CompanyCheck) => ({
      organisationTerms: check.terms ?? DEFAULT_ORGANISATION_TERMS,
    })),
    clearFields: assign({ ...empty, fieldErrors: {}, error: undefined }),
  },
}).createMachine({
  id: 'companyStart',
  description:
    'spec 2 Company-specific start pages: a 2-step sign-up for lit and unicef_for_every_child, then the success message',
  context: ({ input }) => ({
    ...empty,
    organisationSubdomain: input.organisationSubdomain,
    fieldErrors: {},
    error: undefined,
  }),
  initial: 'details',
  states: {
    details: {
      description:
        'spec 2 Company-specific start pages: step 1, full name and staff number (spec 5 Start limits)',
      tags: ['step:details'],
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'isDetailsValid', target: 'checking' }, { actions: 'showDetailsErrors' }],
      },
    },
    checking: {
      description:
        'spec 2 Company-specific start pages: step 1 checked; spec 8: unknown user information, already confirmed',
      tags: ['step:details', 'busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'checkCompanyPage',
        src: 'checkCompanyPage',
        input: ({ context }) => checkInput(context),
        onDone: { target: 'email', actions: { type: 'storeOrganisationTerms', params: output } },
        onError: { target: 'details', actions: 'showRefusal' },
      },
    },
    email: {
      description:
        "spec 2 Company-specific start pages: step 2, e-mail, confirmation ('Email should be equal') and terms",
      tags: ['step:email'],
      on: {
        'field.change': { actions: 'changeField' },
        'terms.change': { actions: 'changeTerms' },
        'form.submit': [
          { guard: and([not('emailsDiffer'), 'isEmailFormValid']), target: 'registering' },
          { guard: not('emailsDiffer'), actions: 'showEmailErrors' },
        ],
        back: { target: 'details', actions: 'clearErrors' },
      },
    },
    registering: {
      description:
        'spec 2 Company-specific start pages: registration; spec 8: e-mail exists, already confirmed (naming the address, masked); docs/decisions/security.md Company-id sign-up races: pending at another address',
      tags: ['step:email', 'busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'registerCompanyPage',
        src: 'registerCompanyPage',
        input: ({ context }) => registerInput(context),
        onDone: { target: 'registered' },
        onError: [
          { guard: 'isPendingElsewhere', target: 'pendingElsewhere', actions: 'showRefusal' },
          { target: 'email', actions: 'showRefusal' },
        ],
      },
    },
    pendingElsewhere: {
      description:
        "docs/decisions/security.md Company-id sign-up races: a registration for this employee waits for confirmation at another address; the page names it masked, says to use the link in that mailbox if it is theirs and else to contact the organisation's admin; back goes to the e-mail step with the contact address; restart starts over",
      tags: ['pendingElsewhere'],
      on: {
        back: { target: 'email', actions: 'clearErrors' },
        restart: { target: 'details', actions: 'clearFields' },
      },
    },
    registered: {
      description:
        'spec 2 Company-specific start pages: a confirmation link was sent, download links and a personal password follow; spam hint; restart',
      on: { restart: { target: 'details', actions: 'clearFields' } },
      // docs/decisions/product.md Check your e-mail: 'Send again', the same registration (POST /api/company/register),
      // which mails the confirmation to the same address, after a visible wait.
      invoke: {
        id: 'resendMail',
        src: 'resendMail',
        input: ({ context }) => ({ request: registerInput(context) }),
      },
    },
  },
});
