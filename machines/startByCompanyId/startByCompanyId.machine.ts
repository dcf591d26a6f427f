import { and, assign, fromPromise, not, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import type { CheckCompanyIdInput, CompanyCheck } from '../../api/contract/registration';
import { output } from '../form/output';
import { refusalFrom } from '../form/refusal';
import { resendMachine } from '../resend/resend.machine';
import {
  companyIdCall,
  companyIdErrors,
  emailErrors,
  emailsDiffer,
  fieldChanged,
  isPendingElsewhere,
  needsDeviceTerms,
  registerCall,
  START_PLACES,
  subdomainCall,
  subdomainErrors,
} from './startByCompanyId.rules';
import type { StartContext, StartEvent, StartMachineInput } from './startByCompanyId.types';

const isEmpty = (errors: object) => Object.keys(errors).length === 0;

const emptyFields = {
  organisationSubdomain: '',
  userCompanyId: '',
  userLastName: '',
  email: '',
  confirmEmail: '',
  terms: false,
  organisationTerms: DEFAULT_ORGANISATION_TERMS,
  organisationBrand: null,
};

/**
 * spec 4 Start steps: sign-up by company id in three steps and a success step. Each step's call is the one
 * actor slot `checkCompanyId` (POST /api/confirm/user_company_id with step organisationSubdomain, companyId or
 * all), answering the organisation's terms checkbox (CompanyCheck) or rejecting with an ApiFailure. The answer of
 * the step that establishes the organisation (organisationSubdomain) is kept for the e-mail step's terms.
 *
 * Storage (spec 3 Start fields) is an effect: three actions the route provides, each reading the context:
 * - `storeFields`: writes organisationSubdomain, userCompanyId and userLastName (on every change of them);
 * - `clearStoredFields`: removes all three (completed registration, reset with clearing);
 * - `clearStoredIdentity`: removes last name and company id (a failed company-id check).
 * What storage held when the page was entered comes in as `input.stored`.
 */
export const startByCompanyIdMachine = setup({
  types: {} as {
    context: StartContext;
    events: StartEvent;
    input: StartMachineInput;
    tags: 'busy' | 'step:subdomain' | 'step:companyId' | 'step:email' | 'pendingElsewhere';
    children: { resendMail: 'resendMail' };
  },
  actors: {
    checkCompanyId: fromPromise<CompanyCheck, CheckCompanyIdInput>(async () => {
      throw new Error('actor checkCompanyId must be provided');
    }),
    /** docs/decisions/product.md Check your e-mail: 'Send again' (machines/resend), the registration once more. */
    resendMail: resendMachine,
  },
  guards: {
    isSubdomainValid: ({ context }) => isEmpty(subdomainErrors(context)),
    isCompanyIdValid: ({ context }) => isEmpty(companyIdErrors(context)),
    isEmailFormValid: ({ context }) => isEmpty(emailErrors(context)),
    emailsDiffer: ({ context }) => emailsDiffer(context),
    needsDeviceTerms: ({ context }) => needsDeviceTerms(context),
    isUnknownCompanyId: ({ event }) =>
      failureOf(event).code === 'registration_company_id_unknown_company_id_error',
    isPendingElsewhere,
    isClearing: ({ event }) => event.type === 'reset' && event.clear,
    isForcedToSubdomain: ({ event }) => event.type === 'step.force' && event.step === 0,
  },
  actions: {
    storeFields: () => {
      throw new Error('action storeFields must be provided');
    },
    clearStoredFields: () => {
      throw new Error('action clearStoredFields must be provided');
    },
    clearStoredIdentity: () => {
      throw new Error('action clearStoredIdentity must be provided');
    },
    changeField: assign(({ context, event }) =>
      event.type === 'field.change' ? fieldChanged(context, event.field, event.value) : {},
    ),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change' ? fieldChanged(context, 'terms', event.checked) : {},
    ),
    showSubdomainErrors: assign(({ context }) => ({
      fieldErrors: subdomainErrors(context),
      error: undefined,
    })),
    showCompanyIdErrors: assign(({ context }) => ({
      fieldErrors: companyIdErrors(context),
      error: undefined,
    })),
    showEmailErrors: assign(({ context }) => ({ fieldErrors: emailErrors(context), error: undefined })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), START_PLACES)),
    /**
     * spec 2 Register: the organisation's terms checkbox and its branding (the name the page then shows), from the
     * check that found the organisation.
     */
    storeOrganisationTerms: assign((_, check: CompanyCheck) => ({
      organisationTerms: check.terms ?? DEFAULT_ORGANISATION_TERMS,
      organisationBrand: check.brand ?? null,
    })),
    /** spec 3: a failed check clears last name and company id, on the page as in storage. */
    clearIdentity: assign({ userLastName: '', userCompanyId: '' }),
    clearFields: assign({ ...emptyFields, fieldErrors: {}, error: undefined }),
  },
}).createMachine({
  id: 'startByCompanyId',
  description:
    'spec 4 Start steps: organisation subdomain (0), last name and company id (1), e-mail (2), end (3); the page starts at step 0 on every entry with the stored fields (spec 3)',
  context: ({ input }) => ({
    ...emptyFields,
    organisationSubdomain: input.stored?.organisationSubdomain ?? '',
    userCompanyId: input.stored?.userCompanyId ?? '',
    userLastName: input.stored?.userLastName ?? '',
    fieldErrors: {},
    error: undefined,
  }),
  initial: 'organisationSubdomain',
  on: {
    reset: [
      {
        guard: 'isClearing',
        target: '.organisationSubdomain',
        actions: ['clearFields', 'clearStoredFields'],
      },
      { target: '.organisationSubdomain', actions: 'clearErrors' },
    ],
  },
  states: {
    organisationSubdomain: {
      description: 'spec 4 Start steps: step 0, the organisation subdomain (spec 5 Start: required, 3-24)',
      tags: ['step:subdomain'],
      on: {
        'field.change': { actions: ['changeField', 'storeFields'] },
        'form.submit': [
          { guard: 'isSubdomainValid', target: 'checkingSubdomain' },
          { actions: 'showSubdomainErrors' },
        ],
      },
    },
    checkingSubdomain: {
      description:
        'spec 7 Company id: the call with step organisationSubdomain; spec 8: organisation not found',
      tags: ['step:subdomain', 'busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'checkCompanyId',
        src: 'checkCompanyId',
        input: ({ context }) => subdomainCall(context),
        onDone: { target: 'companyId', actions: { type: 'storeOrganisationTerms', params: output } },
        onError: { target: 'organisationSubdomain', actions: 'showRefusal' },
      },
    },
    companyId: {
      description:
        'spec 4 Start steps: step 1, last name and company id (spec 5 Start: 3-256, 1-20); the edit icon steps back to 0',
      tags: ['step:companyId'],
      on: {
        'field.change': { actions: ['changeField', 'storeFields'] },
        'form.submit': [
          { guard: 'isCompanyIdValid', target: 'checkingCompanyId' },
          { actions: 'showCompanyIdErrors' },
        ],
        back: { target: 'organisationSubdomain', actions: 'clearErrors' },
      },
    },
    checkingCompanyId: {
      description:
        'spec 7 Company id: the call with step companyId; spec 3: a failed check clears the stored last name and company id',
      tags: ['step:companyId', 'busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'checkCompanyId',
        src: 'checkCompanyId',
        input: ({ context }) => companyIdCall(context),
        onDone: { target: 'email' },
        onError: [
          {
            guard: 'isUnknownCompanyId',
            target: 'companyId',
            actions: ['showRefusal', 'clearIdentity', 'clearStoredIdentity'],
          },
          { target: 'companyId', actions: 'showRefusal' },
        ],
      },
    },
    email: {
      description:
        'spec 4 Start steps: step 2, e-mail, confirm e-mail and terms (spec 5 Start: submit disabled while the two differ)',
      tags: ['step:email'],
      on: {
        'field.change': { actions: 'changeField' },
        'terms.change': { actions: 'changeTerms' },
        'form.submit': [
          {
            guard: and([not('emailsDiffer'), 'isEmailFormValid', 'needsDeviceTerms']),
            target: 'deviceTerms',
          },
          { guard: and([not('emailsDiffer'), 'isEmailFormValid']), target: 'registering' },
          { guard: not('emailsDiffer'), actions: 'showEmailErrors' },
        ],
        back: { target: 'companyId', actions: 'clearErrors' },
        'step.force': [
          { guard: 'isForcedToSubdomain', target: 'organisationSubdomain', actions: 'clearErrors' },
          { target: 'companyId', actions: 'clearErrors' },
        ],
      },
    },
    deviceTerms: {
      description:
        'spec 2 Start: papier_union and inapa_deutschland confirm the terms of device use before the e-mail step is sent',
      tags: ['step:email'],
      on: {
        'deviceTerms.back': { target: 'email' },
        'deviceTerms.confirm': { target: 'registering' },
      },
    },
    registering: {
      description:
        'spec 7 Company id: the call with step all registers; spec 8: e-mail exists, already confirmed (naming the address, masked); docs/decisions/security.md Company-id sign-up races: pending at another address',
      tags: ['step:email', 'busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'checkCompanyId',
        src: 'checkCompanyId',
        input: ({ context }) => registerCall(context),
        onDone: { target: 'registered', actions: 'clearStoredFields' },
        onError: [
          { guard: 'isPendingElsewhere', target: 'pendingElsewhere', actions: 'showRefusal' },
          { target: 'email', actions: 'showRefusal' },
        ],
      },
    },
    pendingElsewhere: {
      description:
        "docs/decisions/security.md Company-id sign-up races: a registration for this employee waits for confirmation at another address; the page names it masked, says to use the link in that mailbox if it is theirs and else to contact the organisation's admin; back goes to the e-mail step; start over clears the fields and storage (spec 4 reset)",
      tags: ['pendingElsewhere'],
      on: { back: { target: 'email', actions: 'clearErrors' } },
    },
    registered: {
      description:
        'spec 2 Start: success step, a confirmation was sent, spam hint, start over clearing stored data (spec 3)',
      // docs/decisions/product.md Check your e-mail: 'Send again', the same registration (step all), which mails the
      // confirmation to the same address, after a visible wait.
      invoke: {
        id: 'resendMail',
        src: 'resendMail',
        input: ({ context }) => ({ request: registerCall(context) }),
      },
    },
  },
});
