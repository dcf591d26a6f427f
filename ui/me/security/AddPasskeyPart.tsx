import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AddPasskeyActorRef } from '../../../machines/addPasskey/addPasskey.machine';
import type { PasskeyRefusal } from '../../../machines/form/ceremonyRefusal';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { fieldText, refusalText } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import { PASSKEY_NAME_RULES } from './passkeyName';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

const FIELDS = ['name'] as const;

/** Why adding ended without a passkey (docs/decisions.md: Passkeys). */
const ADD_REFUSAL_TEXT: Readonly<Record<PasskeyRefusal, MessageDescriptor>> = {
  cancelled: msg`No passkey was added: the request was cancelled. You can try again.`,
  timedOut: msg`The passkey request timed out. Please try again.`,
  notSupported: msg`This browser or device cannot make a passkey here.`,
  alreadyRegistered: msg`This device already holds a passkey for your account.`,
  invalid: msg`The passkey could not be added. Please try again.`,
};

/**
 * docs/decisions.md: Passkeys, adding one on screen (machines/addPasskey): an optional name, 'Confirm it's you'
 * when the server asks for a step-up, the browser's dialog meanwhile said, and any refusal said with the form kept
 * for a new try. `onClose` is the parent's way out (the list's add.close).
 */
export function AddPasskeyPart({ actorRef, onClose }: { actorRef: AddPasskeyActorRef; onClose: () => void }) {
  const stepUp = useSelector(actorRef, stepUpChild);
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Add a passkey</Trans>}>
        <StepUpForm
          actorRef={stepUp}
          headingLevel={4}
          onCancel={() => actorRef.send({ type: 'stepUp.cancel' })}
        />
      </SecurityPart>
    );
  return <AddPasskeyForm actorRef={actorRef} onClose={onClose} />;
}

function AddPasskeyForm({ actorRef, onClose }: { actorRef: AddPasskeyActorRef; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const name = useSelector(actorRef, (s) => s.context.name);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const refusal = useSelector(actorRef, (s) => (s.matches('refused') ? s.context.refusal : undefined));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const asking = useSelector(actorRef, (s) => s.matches('askingBrowser'));
  const verifying = useSelector(actorRef, (s) => s.matches('verifying'));
  const { rootRef, submit } = useFormFocus(error, FIELDS, () => {
    actorRef.send({ type: 'form.submit' });
    return actorRef.getSnapshot().context.fieldErrors;
  });
  const errors = { fieldErrors, error };
  const reason = error ? refusalText(i18n, error) : refusal ? i18n._(ADD_REFUSAL_TEXT[refusal]) : undefined;
  return (
    <div ref={rootRef}>
      <SecurityPart title={<Trans>Add a passkey</Trans>} focusOnMount>
        <p>
          <Trans>
            Your browser or device will ask you to unlock it (fingerprint, face, PIN or screen lock) and keeps
            the passkey there.
          </Trans>
        </p>
        <form className="me-security-part__form" noValidate onSubmit={submit}>
          <TextField
            name="name"
            autoComplete="off"
            label={t`Name (optional)`}
            hint={t`Leave it empty to name the passkey after this browser and system.`}
            value={name}
            readOnly={busy}
            onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'name', value })}
            error={fieldText(i18n, 'name', errors, PASSKEY_NAME_RULES)}
          />
          {reason ? <Alert tone="error">{reason}</Alert> : null}
          <output className="me-sessions__status">
            {asking ? <Trans>Follow your browser's instructions to make the passkey…</Trans> : null}
            {verifying ? <Trans>Checking the new passkey…</Trans> : null}
          </output>
          <div className="me-security-part__actions">
            <Button type="submit" busy={busy}>
              {refusal ? <Trans>Try again</Trans> : <Trans>Create passkey</Trans>}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      </SecurityPart>
    </div>
  );
}
