import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_CHANGE_LINK_TTL_MS, EMAIL_UNDO_LINK_TTL_MS } from '../../../api/contract/security';
import type { changeEmailMachine } from '../../../machines/changeEmail/changeEmail.machine';
import { resendChild } from '../../../machines/resend/resend.selectors';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import { TextField } from '../../components/TextField';
import { fieldText } from '../../form/fieldText';
import { ResendPart } from '../../form/ResendPart';
import { useFormFocus } from '../../form/useFormFocus';
import { EmailIntro, useWasOpen } from './SecurityIntros';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

export type ChangeEmailActorRef = ActorRefFrom<typeof changeEmailMachine>;

const FIELDS = ['email'] as const;
/** The links' lifetimes as the server keeps them (api/contract/security.ts), in the units a person reads. */
const LINK_HOURS = EMAIL_CHANGE_LINK_TTL_MS / 3_600_000;
const UNDO_DAYS = EMAIL_UNDO_LINK_TTL_MS / 86_400_000;

/**
 * docs/decisions/security.md: Changing the e-mail address on screen: the closed part with the address now, the form for the
 * new one, 'Confirm it's you' when the server asks for a step-up, and 'Check your new inbox': the link went to the
 * NEW address, nothing changes until it is used, how long it works, the notice with an undo link the old
 * address gets, and 'Send again' after the visible wait (docs/decisions/product.md: Check your e-mail), which may ask for
 * the step-up again when the first one is older than its window.
 */
export function ChangeEmailPart({ actorRef }: { actorRef: ChangeEmailActorRef }) {
  const idle = useSelector(actorRef, (s) => s.matches('idle'));
  const refocus = useWasOpen(idle);
  const sent = useSelector(actorRef, (s) => s.matches('sent'));
  const currentEmail = useSelector(actorRef, (s) => s.context.currentEmail);
  const stepUp = useSelector(actorRef, stepUpChild);
  if (idle)
    return (
      <EmailIntro
        email={currentEmail}
        onOpen={() => actorRef.send({ type: 'panel.open' })}
        refocus={refocus}
      />
    );
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Change e-mail address</Trans>}>
        <StepUpForm actorRef={stepUp} onCancel={() => actorRef.send({ type: 'stepUp.cancel' })} />
      </SecurityPart>
    );
  if (sent) return <CheckInbox actorRef={actorRef} />;
  return <ChangeEmailForm actorRef={actorRef} />;
}

function CheckInbox({ actorRef }: { actorRef: ChangeEmailActorRef }) {
  const { t } = useLingui();
  const sentTo = useSelector(actorRef, (s) => s.context.sentTo);
  const currentEmail = useSelector(actorRef, (s) => s.context.currentEmail);
  const resend = useSelector(actorRef, resendChild);
  const hours = LINK_HOURS;
  const days = UNDO_DAYS;
  const lifetime = t`It works for ${plural(hours, { one: '# hour', other: '# hours' })}.`;
  const undo = t`It holds a link that undoes the change for ${plural(days, { one: '# day', other: '# days' })}.`;
  return (
    <SecurityPart title={<Trans>Check your new inbox</Trans>} focusOnMount>
      <p>
        <Trans>
          We sent a link to <strong className="me-security-part__email">{sentTo}</strong>. Open it to confirm
          that this address is yours.
        </Trans>{' '}
        {lifetime}
      </p>
      <p>
        <Trans>
          Nothing changes until you use the link: until then you log in with{' '}
          <strong className="me-security-part__email">{currentEmail}</strong>, as before.
        </Trans>
      </p>
      <p>
        <Trans>
          Once the change is made, we send a notice to{' '}
          <strong className="me-security-part__email">{currentEmail}</strong>.
        </Trans>{' '}
        {undo}
      </p>
      {resend ? <ResendPart actorRef={resend} /> : null}
      <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
        <Trans>Done</Trans>
      </Button>
    </SecurityPart>
  );
}

function ChangeEmailForm({ actorRef }: { actorRef: ChangeEmailActorRef }) {
  const { i18n, t } = useLingui();
  const currentEmail = useSelector(actorRef, (s) => s.context.currentEmail);
  const email = useSelector(actorRef, (s) => s.context.email);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, FIELDS);
  return (
    <FormFrame
      ref={rootRef}
      className="me-security-part"
      title={<Trans>Change e-mail address</Trans>}
      intro={
        <Trans>
          Your address now is <strong className="me-security-part__email">{currentEmail}</strong>. We send a
          link to the new address; nothing changes until you open it.
        </Trans>
      }
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Send link</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <TextField
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        label={t`New e-mail address`}
        value={email}
        readOnly={busy}
        onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'email', value })}
        error={fieldText(i18n, 'email', { fieldErrors, error })}
      />
    </FormFrame>
  );
}
