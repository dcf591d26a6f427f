/** The resend machine's types (context, events, input); its rules are in resend.rules.ts. */
import type { Refusal } from '../form/refusal';

export interface ResendContext {
  /** What the mail is asked with, the same each time (the parent's request: the e-mail, the registration). */
  request: unknown;
  /** Where it started (ResendInput's `from`). */
  from: ResendStart;
  /** The last refusal of 'Send again' (spec 8), e.g. rate_limited_error once a mail limit is reached. */
  error: Refusal | undefined;
  /** docs/decisions/product.md Check your e-mail: the mail was sent again (the place says so). */
  resent: boolean;
}

export interface ResendInput {
  request: unknown;
  /**
   * Where it starts: the wait (the default: its parent just sent a mail), 'Send again' usable (back from a step-up
   * cancelled), or sending at once (the step-up its parent asked for was given).
   */
  from?: ResendStart;
}

export type ResendStart = 'cooling' | 'ready' | 'sending';

/** What the child ends with: only when the server asks for a fresh proof first (its parent asks for it). */
export type ResendOutput = 'stepUpRequired';

/** docs/decisions/product.md Check your e-mail: 'Send again', the same request once more. */
export type ResendEvent = { type: 'mail.resend' };

/** Where 'Send again' stands, as its view part (ui/form/ResendPart.tsx) shows it. */
export type ResendPhase = 'waiting' | 'ready' | 'sending';
