import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { confirmEmailChange, undoEmailChange } from '../api/actors';
import {
  type EmailChangeLinkKind,
  emailChangeLinkMachine,
} from '../machines/emailChangeLink/emailChangeLink.machine';
import { EmailChangeLinkView } from '../ui/emailChange/EmailChangeLinkView';

const renderLoginLink = (children: ReactNode) => <Link to="/login">{children}</Link>;

/** One link page: owns the machine for the visit, with the call of its kind. */
function EmailChangeLinkPage({ kind, token }: { kind: EmailChangeLinkKind; token: string | undefined }) {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    emailChangeLinkMachine.provide({
      actors: { useLink: kind === 'confirm' ? confirmEmailChange : undoEmailChange },
      // After an undo: a new password with the answered reset token, then the recovery review (docs/decisions/security.md:
      // Recovery review). The token is the page's own, as in a mailed reset link.
      actions: {
        continueToNewPassword: ({ context }) =>
          void navigate({ to: '/forgot_password_set', search: { token: context.resetToken }, replace: true }),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { kind, token } });
  return <EmailChangeLinkView actorRef={actorRef} renderLoginLink={renderLoginLink} />;
}

function ConfirmEmailChangeRoute() {
  const { token } = confirmEmailChangePage.useSearch();
  return <EmailChangeLinkPage kind="confirm" token={token} />;
}

function UndoEmailChangeRoute() {
  const { token } = undoEmailChangePage.useSearch();
  return <EmailChangeLinkPage kind="undo" token={token} />;
}

export const confirmEmailChangePage = createLazyRoute('/landing/confirm_email_change')({
  component: ConfirmEmailChangeRoute,
});
export const undoEmailChangePage = createLazyRoute('/landing/undo_email_change')({
  component: UndoEmailChangeRoute,
});
