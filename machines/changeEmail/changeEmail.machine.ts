import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { RESEND_PLACES, RESEND_WAIT_MS, RESEND_WAIT_STATES } from '../form/resend';
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
 * Outside world: actor slots `changeEmail` (POST /api/me/email, also the 'Send again' invoke `resendMail`) and
 * `stepUp` (machines/stepUp, provided with its own call by the route).
 */
/** 'Done' on 'Check your new inbox': the part closes and forgets where the link went. */
const CLOSE_SENT = { target: '#changeEmail.idle', actions: 'forgetSentTo' } as const;

export const changeEmailMachine = setup({
  types: {} as {
    context: ChangeEmailContext;
    input: ChangeEmailMachineInput;
    events: ChangeEmailEvent;
    tags: 'busy';
    // Only the step-up child is named: the view reads it. The two invokes of `changeEmail` (ids changeEmail and
    // resendMail) stay unnamed here, since a typed children map gives each actor one id.
    children: { stepUp: 'stepUp' };
  },
  delays: {
    /** docs/decisions/product.md Check your e-mail: 'Send again' waits this long after each mail. */
    resendWait: RESEND_WAIT_MS,
  },
  actors: {
    /** POST /api/me/email with the new address. */
    changeEmail: fromPromise<void, ChangeEmailInput>(async () => {
      throw new Error('actor changeEmail must be provided');
    }),
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
    keepSentTo: assign(({ context }) => ({ sentTo: requestOf(context).email, resent: false })),
    /** 'Send again' was refused: said above its button (RESEND_PLACES), the wait starts again. */
    showResendRefusal: assign(({ event }) => ({
      error: refusalFrom(failureOf(event), RESEND_PLACES).error,
      resent: false,
    })),
    markResent: assign({ error: undefined, resent: true }),
    /** Nothing typed is kept once the form closes or has done its work. */
    forgetForm: assign({ email: '', fieldErrors: {}, error: undefined }),
    forgetSentTo: assign({ sentTo: '', error: undefined, resent: false }),
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
    resent: false,
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
      initial: 'waitingToResend',
      // 'Done' closes the part from the page itself; the step-up form has only its Cancel (back to the page).
      states: {
        waitingToResend: {
          ...RESEND_WAIT_STATES.waitingToResend,
          on: { 'panel.close': CLOSE_SENT },
        },
        canResend: {
          ...RESEND_WAIT_STATES.canResend,
          on: { ...RESEND_WAIT_STATES.canResend.on, 'panel.close': CLOSE_SENT },
        },
        resending: {
          description:
            "docs/decisions/product.md Check your e-mail: 'Send again' sends POST /api/me/email for the same new address (the earlier link stays live, Token lifetimes; the new address's share of mails still decides, Mail per recipient); a refusal is said above the button and the wait starts again",
          tags: ['busy'],
          entry: 'clearErrors',
          invoke: {
            id: 'resendMail',
            src: 'changeEmail',
            input: ({ context }) => ({ email: context.sentTo }),
            onDone: { target: 'waitingToResend', actions: 'markResent' },
            onError: [whenStepUpRequired(), { target: 'waitingToResend', actions: 'showResendRefusal' }],
          },
          on: { 'panel.close': CLOSE_SENT },
        },
        // The step-up of the first request is older than STEP_UP_WINDOW_MS; Cancel goes back to 'Check your new inbox'.
        steppingUp: steppingUp({ again: 'resending', back: 'canResend', what: "'Send again'" }),
      },
    },
  },
});
