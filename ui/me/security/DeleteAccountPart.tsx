import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { deleteAccountMachine } from '../../../machines/deleteAccount/deleteAccount.machine';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import { TextField } from '../../components/TextField';
import { fieldText } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import { DeleteAccountIntro, useWasOpen } from './SecurityIntros';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

export type DeleteAccountActorRef = ActorRefFrom<typeof deleteAccountMachine>;

/**
 * docs/decisions/security.md: Deleting an account on screen: the closed part; what goes and what happens to channels and
 * organisations; the e-mail typed as confirmation (the button says why it waits); 'Confirm it's you' when the
 * server asks; the places to hand over first when the user is their only admin.
 */
export function DeleteAccountPart({ actorRef }: { actorRef: DeleteAccountActorRef }) {
  const idle = useSelector(actorRef, (s) => s.matches('idle'));
  const refocus = useWasOpen(idle);
  const deleted = useSelector(actorRef, (s) => s.matches('deleted'));
  const stepUp = useSelector(actorRef, stepUpChild);
  if (idle)
    return <DeleteAccountIntro onOpen={() => actorRef.send({ type: 'panel.open' })} refocus={refocus} />;
  if (deleted)
    return (
      <SecurityPart title={<Trans>Your account has been deleted</Trans>} focusOnMount>
        <output>
          <Trans>You are signed out. Taking you to the login page…</Trans>
        </output>
      </SecurityPart>
    );
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Delete account</Trans>}>
        <StepUpForm actorRef={stepUp} onCancel={() => actorRef.send({ type: 'stepUp.cancel' })} />
      </SecurityPart>
    );
  return <DeleteAccountForm actorRef={actorRef} />;
}

function DeleteAccountForm({ actorRef }: { actorRef: DeleteAccountActorRef }) {
  const { i18n, t } = useLingui();
  const email = useSelector(actorRef, (s) => s.context.email);
  const confirmation = useSelector(actorRef, (s) => s.context.confirmation);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const places = useSelector(actorRef, (s) => s.context.places);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canDelete = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, ['confirmation']);
  const waiting = !busy && !canDelete;
  return (
    <FormFrame
      ref={rootRef}
      className="me-security-part"
      title={<Trans>Delete account</Trans>}
      intro={
        <Trans>
          Deleting your account removes your profile, your picture, your two-factor settings and every place
          you are signed in. Channels where you are the only member are deleted with it. Organisations stay;
          you leave them. You can sign up again with the same e-mail address later, as a new account.
        </Trans>
      }
      error={error}
      canSubmit={canDelete}
      busy={busy}
      blocked={
        waiting ? (
          <Trans>The button is enabled once the e-mail address you typed is your account's.</Trans>
        ) : undefined
      }
      disabledWhileBlocked
      submitVariant="danger"
      submitLabel={<Trans>Delete my account</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      {places.length > 0 ? (
        <div className="me-security-part__places">
          <p>
            <Trans>
              You are the only admin of these places, which other people use. Make someone else an admin
              first:
            </Trans>
          </p>
          <ul>
            {places.map((place) => (
              <li key={`${place.kind}:${place.name}`}>
                {place.kind === 'channel' ? (
                  <Trans>Channel {place.name}</Trans>
                ) : (
                  <Trans>Organisation {place.name}</Trans>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TextField
        name="confirmation"
        type="email"
        autoComplete="off"
        label={t`Type your e-mail address (${email}) to confirm`}
        value={confirmation}
        readOnly={busy}
        onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'confirmation', value })}
        error={fieldText(i18n, 'confirmation', { fieldErrors, error })}
      />
    </FormFrame>
  );
}
