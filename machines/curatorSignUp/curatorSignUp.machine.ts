import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type { RegisterCuratorInput, RegisterResult } from '../../api/contract/registration';
import { subdomainAfterName, subdomainTyped } from '../../api/contract/subdomain';
import { placedAsFieldError, refusalFrom } from '../form/refusal';
import {
  CURATOR_PLACES,
  callInput,
  initialContext,
  isFormValid,
  validationErrors,
} from './curatorSignUp.rules';
import type { CuratorSignUpContext, CuratorSignUpEvent } from './curatorSignUp.types';

/**
 * spec 2 Register (curator): channel name, channel subdomain (following the name until edited, spec 5), name,
 * e-mail, password, terms. On success the browser is signed in and goes to /me.
 *
 * The outside world comes in through one actor slot and one effect:
 * - `registerCurator` (RegisterCuratorInput -> RegisterResult): POST /api/register without a token.
 * - `signedIn`: the route sends the browser to /me.
 */
export const curatorSignUpMachine = setup({
  types: {} as { context: CuratorSignUpContext; events: CuratorSignUpEvent; tags: 'busy' },
  actors: {
    registerCurator: fromPromise<RegisterResult, RegisterCuratorInput>(async () => {
      throw new Error('actor registerCurator must be provided');
    }),
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(context),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const fieldErrors = { ...context.fieldErrors, [event.field]: undefined };
      switch (event.field) {
        case 'channelName':
          return {
            channelName: event.value,
            subdomain: subdomainAfterName(context.subdomain, event.value),
            fieldErrors: { ...fieldErrors, channelSubdomain: undefined },
          };
        case 'channelSubdomain':
          return { subdomain: subdomainTyped(context.channelName, event.value), fieldErrors };
        default:
          return { [event.field]: event.value, fieldErrors };
      }
    }),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change'
        ? { terms: event.checked, fieldErrors: { ...context.fieldErrors, terms: undefined } }
        : {},
    ),
    /** spec 2: the pencil opens or closes the field; closing keeps what was typed (never silently discarded). */
    toggleSubdomain: assign(({ context }) => ({ subdomainOpen: !context.subdomainOpen })),
    showValidationErrors: assign(({ context }) => {
      const fieldErrors = validationErrors(context);
      return {
        fieldErrors,
        error: undefined,
        subdomainOpen: context.subdomainOpen || fieldErrors.channelSubdomain !== undefined,
      };
    }),
    clearErrors: assign({ error: undefined, fieldErrors: {} }),
    showRefusal: assign(({ event }) => {
      const shown = placedAsFieldError(refusalFrom(failureOf(event), CURATOR_PLACES));
      return shown.fieldErrors.channelSubdomain === undefined ? shown : { ...shown, subdomainOpen: true };
    }),
    /** The password is not kept once the account exists. */
    forgetPassword: assign({ password: '' }),
    signedIn: () => {
      throw new Error('action signedIn must be provided');
    },
  },
}).createMachine({
  id: 'curatorSignUp',
  description:
    'spec 2 Register (curator): channel name, subdomain following the name until edited (spec 5), name, e-mail, password, terms; signed in and on to /me after success',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      description:
        'spec 2 Register (curator): the form; spec 5 limits checked on submit; spec 8 refusals under their fields or as a form error keeping every value',
      on: {
        'field.change': { actions: 'changeField' },
        'terms.change': { actions: 'changeTerms' },
        'subdomain.toggle': { actions: 'toggleSubdomain' },
        'form.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      description:
        'spec 3 Register: POST /api/register for a new owner (email, pwd, screenName, channelName, subdomain)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'registerCurator',
        src: 'registerCurator',
        input: ({ context }) => callInput(context),
        onDone: { target: 'registered', actions: 'forgetPassword' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    registered: {
      description: 'spec 2 Register (curator): signed in; the browser goes to /me',
      type: 'final',
      entry: 'signedIn',
    },
  },
});
