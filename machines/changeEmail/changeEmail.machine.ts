import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { resendMachine } from '../resend/resend.machine';
import type { ResendStart } from '../resend/resend.types';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import { CHANGE_EMAIL_PLACES, isFormValid, requestOf, validationErrors } from './changeEmail.rules';
import type {
  ChangeEmailContext,
  ChangeEmailEvent,
  ChangeEmailInput,
  ChangeEmailMachineInput,
} from './changeEmail.types';

export type { ChangeEmailContext, ChangeEmailEvent } from './changeEmail.types';

/**
 * docs/decisions/security.md: Changing the e-mail address, on /me's Security part: the new address (a valid one, not the
 * account's own in any case); POST /api/me/email; when the server asks for a step-up (step_up_required_error) the
 * step-up child asks for the proof and the request is sent again. Done: a link went to the NEW address and nothing
 * changes until it is used (machines/emailChangeLink runs the page it opens); an address another account has is
 * refused under the field. 'Check your new inbox' offers 'Send again' after the visible wait (docs/decisions/product.md:
 * Check your e-mail): the same request for the same address, with the step-up again when the server asks for it.
 *
 * Outside world: actor slots `changeEmail` (POST /api/me/email), `resendMail` (machines/resend, the same call for
 * 'Send again', provided by the route with `resendBy(changeEmail)`) and `stepUp` (machines/stepUp, provided with
 * its own call by the route).
 */
/** 'Done' on 'Check your new inbox': the part closes and forgets where the link went. */
const CLOSE_SENT = { target: '#changeEmail.idle', actions: 'forgetSentTo' } as const;

/**
 * 'Check your new inbox' with its 'Send again' child (machines/resend) started `from` where it stands: the child
 * ends only when the server asks for a fresh proof first, and the part asks for it.
 */
const inbox = (from: ResendStart, description: string) =>
  ({
    description,
    invoke: {
      id: 'resendMail',
      src: 'resendMail',
      input: ({ context }: { context: { sentTo: string } }) => ({ request: { email: context.sentTo }, from }),
      onDone: 'steppingUp',
    },
    on: { 'panel.close': CLOSE_SENT },
  }) as const;

export const changeEmailMachine = setup({
  types: {} as {
    context: ChangeEmailContext;
    input: ChangeEmailMachineInput;
    events: ChangeEmailEvent;
    tags: 'busy';
    children: { stepUp: 'stepUp'; resendMail: 'resendMail' };
  },
  actors: {
    /** POST /api/me/email with the new address. */
    changeEmail: fromPromise<void, ChangeEmailInput>(async () => {
      throw new Error('actor changeEmail must be provided');
    }),
    /** docs/decisions/product.md Check your e-mail: 'Send again', the same request (route: `resendBy(changeEmail)`). */
    resendMail: resendMachine,
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(context),
    ...STEP_UP_GUARDS,
  },
  actions: {
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), CHANGE_EMAIL_PLACES)),
    /** The end names the address the link went to. */
    keepSentTo: assign(({ context }) => ({ sentTo: requestOf(context).email })),
    /** Nothing typed is kept once the form closes or has done its work. */
    forgetForm: assign({ email: '', fieldErrors: {}, error: undefined }),
    forgetSentTo: assign({ sentTo: '', error: undefined }),
  },
}).createMachine({
  id: 'changeEmail',
  description:
    'docs/decisions/security.md: Changing the e-mail address: the new address, step-up when the server asks, a link to the NEW address; nothing changes until it is used',
  context: ({ input }) => ({
    currentEmail: input.currentEmail,
    twoFactorEnabled: input.twoFactorEnabled,
    email: '',
    sentTo: '',
    fieldErrors: {},
    error: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'docs/decisions/security.md: Account-security centre: the E-mail address part, closed: the address now and its Change button',
      on: { 'panel.open': 'editing' },
    },
    editing: {
      description:
        "docs/decisions/security.md: Changing the e-mail address: the new address (spec 5 e-mail, not the account's own in any case); a refusal under the field or the form",
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isFormValid', target: 'sending' }, { actions: 'showValidationErrors' }],
        'panel.close': { target: 'idle', actions: 'forgetForm' },
      },
    },
    sending: {
      description:
        'docs/decisions/security.md: Changing the e-mail address: POST /api/me/email (sent again after a step-up)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'sent', actions: ['keepSentTo', 'forgetForm'] },
        onError: [whenStepUpRequired(), { target: 'editing', actions: 'showRefusal' }],
      },
    },
    steppingUp: steppingUp({ again: 'sending', back: 'editing', what: 'the request' }),
    sent: {
      description:
        "docs/decisions/security.md: Changing the e-mail address: a link went to the NEW address (one day); nothing changes until it is used, then the old address gets a notice with an undo link; 'Send again' after the visible wait (Check your e-mail)",
      initial: 'waiting',
      states: {
        waiting: inbox(
          'cooling',
          "docs/decisions/product.md Check your e-mail: 'Send again' after the visible wait, for the same new address (the earlier link stays live, Token lifetimes; the new address's share of mails still decides, Mail per recipient)",
        ),
        // The step-up of the first request is older than STEP_UP_WINDOW_MS: 'Confirm it's you' (the step-up form
        // has only its Cancel, back to the page), then the same request is sent at once.
        steppingUp: steppingUp({
          again: 'resendingAfterStepUp',
          back: 'backFromStepUp',
          what: "'Send again'",
        }),
        resendingAfterStepUp: inbox(
          'sending',
          "docs/decisions/security.md: One step-up around every guarded call: the proof was given, 'Send again' sends the same request at once",
        ),
        backFromStepUp: inbox(
          'ready',
          "docs/decisions/security.md: One step-up around every guarded call: the step-up was cancelled, nothing sent; 'Send again' may be used again",
        ),
      },
    },
  },
});
