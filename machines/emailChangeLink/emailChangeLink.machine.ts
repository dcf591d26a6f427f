import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';
import type { EmailLinkResult } from '../../api/contract/recovery';
import type { EmailChangeTokenInput } from '../../api/contract/security';
import { keepAnswerThen } from '../form/output';
import { pageRefusal, type Refusal } from '../form/refusal';

/** Which link: the one to the NEW address that confirms the change, or the OLD address's undo. */
export type EmailChangeLinkKind = 'confirm' | 'undo';

export interface EmailChangeLinkInput {
  kind: EmailChangeLinkKind;
  token?: string | undefined;
}

export interface EmailChangeLinkContext {
  kind: EmailChangeLinkKind;
  token: string;
  /** The address the account has once the link is used. */
  email: string | undefined;
  /** After an undo: the reset token the owner sets a new password with (docs/decisions/security.md: Recovery review). */
  resetToken: string | undefined;
  error: Refusal | undefined;
}

/** Refusals that retrying cannot change: the link is used, expired or unknown; the address was taken meanwhile. */
const FINAL_REFUSALS: readonly ErrorCode[] = [
  'email_change_token_invalid_error',
  'email_already_exist_error',
];

/**
 * docs/decisions/security.md: Changing the e-mail address. The pages /confirm_email_change?token= and
 * /undo_email_change?token= use their token only when the person presses the page's button, as the magic-link page
 * does (docs/decisions/security.md: Mailed links wait for a click): a mail scanner that opens the link, scripts and
 * all, cannot use it up (an undo used by the old mailbox's scanner would put back the address the owner left, and
 * disable the password). Success shows the address the account now has; a used or expired link (or an address
 * taken meanwhile) says so for good; any other failure offers a retry.
 *
 * An undo also disables the password whoever changed the address may know and answers a reset token: the page goes
 * on to set a new password with it (docs/decisions/security.md: Recovery review), then the recovery review.
 *
 * One actor slot: `useLink` ({ token } -> { email, resetToken? }), POST /api/me/email/confirm or /undo as the route
 * provides; one effect: `continueToNewPassword` (the route opens /forgot_password_set with the reset token).
 */
export const emailChangeLinkMachine = setup({
  types: {} as {
    context: EmailChangeLinkContext;
    input: EmailChangeLinkInput;
    events: { type: 'retry' } | { type: 'form.submit' };
    tags: 'busy';
    children: { useLink: 'useLink' };
  },
  actors: {
    useLink: fromPromise<EmailLinkResult, EmailChangeTokenInput>(async () => {
      throw new Error('actor useLink must be provided');
    }),
  },
  guards: {
    needsNewPassword: (_, answer: EmailLinkResult) => Boolean(answer.resetToken),
    hasToken: ({ context }) => context.token !== '',
    isFinalRefusal: ({ event }) => FINAL_REFUSALS.includes(failureOf(event).code),
  },
  actions: {
    showMissingToken: assign({ error: { code: 'email_change_token_invalid_error' } as Refusal }),
    showFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    keepEmail: assign((_, changed: EmailLinkResult) => ({
      email: changed.email,
      resetToken: changed.resetToken,
    })),
    continueToNewPassword: () => {
      throw new Error('action continueToNewPassword must be provided');
    },
  },
}).createMachine({
  id: 'emailChangeLink',
  description:
    'docs/decisions/security.md: Changing the e-mail address: the confirm and undo links, used when their button is pressed, with success, used/expired and retry',
  context: ({ input }) => ({
    kind: input.kind,
    token: input.token?.trim() ?? '',
    email: undefined,
    resetToken: undefined,
    error: undefined,
  }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description:
        'docs/decisions/security.md: Changing the e-mail address: a link without a token is not a link; no call',
      always: [
        { guard: 'hasToken', target: 'asking' },
        { target: 'refused', actions: 'showMissingToken' },
      ],
    },
    asking: {
      description:
        'docs/decisions/security.md: Mailed links wait for a click: the opened link uses nothing; its button (Confirm the change, Undo the change) sends it',
      on: { 'form.submit': 'using' },
    },
    using: {
      description:
        'docs/decisions/security.md: Changing the e-mail address: POST /api/me/email/confirm or /undo once the button is pressed',
      tags: ['busy'],
      invoke: {
        id: 'useLink',
        src: 'useLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: keepAnswerThen({
          when: 'needsNewPassword',
          keep: 'keepEmail',
          to: 'settingPassword',
          otherwise: 'done',
        }),
        onError: [
          { guard: 'isFinalRefusal', target: 'refused', actions: 'showFailure' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    done: {
      description:
        "docs/decisions/security.md: Changing the e-mail address: the new address is the account's (confirm), or the old one is back and every session ended (undo)",
      type: 'final',
    },
    settingPassword: {
      description:
        'docs/decisions/security.md: Recovery review: the undo put the old address back and disabled the password; on to set a new one with the reset token it answered',
      entry: 'continueToNewPassword',
      type: 'final',
    },
    refused: {
      description:
        'docs/decisions/security.md: Changing the e-mail address: the link is used, expired or unknown, or the address was taken meanwhile; log-in links',
      type: 'final',
    },
    failed: {
      description: 'spec 8: any other failure (rate limit, unknown); the page offers a retry',
      on: { retry: 'using' },
    },
  },
});

export type EmailChangeLinkActorRef = ActorRefFrom<typeof emailChangeLinkMachine>;
