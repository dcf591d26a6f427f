import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resendMachine } from './resend.machine';
import type { ResendPhase } from './resend.types';

/** The 'Send again' child as its view part reads it (ui/form/ResendPart.tsx), whatever its parent asks with. */
export type ResendActorRef = ActorRefFrom<typeof resendMachine>;

/** The view part's one selector for 'Send again': the phase of the child's three states. */
export const resendPhase = (snapshot: SnapshotFrom<typeof resendMachine>): ResendPhase =>
  snapshot.matches('sending') ? 'sending' : snapshot.matches('ready') ? 'ready' : 'waiting';

/** A parent's selector: its 'Send again' child (invoke id `resendMail`) while a mail may be asked again. */
export const resendChild = (snapshot: {
  children: { resendMail?: ResendActorRef };
}): ResendActorRef | undefined => snapshot.children.resendMail;
