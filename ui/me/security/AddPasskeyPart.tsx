import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AddPasskeyActorRef } from '../../../machines/addPasskey/addPasskey.machine';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import { TextField } from '../../components/TextField';
import { fieldText } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import { PASSKEY_NAME_RULES } from './passkeyName';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

const FIELDS = ['name'] as const;

/**
 * docs/decisions/security.md: Passkeys, adding one on screen (machines/addPasskey): an optional name, 'Confirm it's you'
 * when the server asks for a step-up, the browser's dialog meanwhile said, and any refusal said with the form kept
 * for a new try. `onClose` is the parent's way out (the list's add.close).
 */
export function AddPasskeyPart({ actorRef, onClose }: { actorRef: AddPasskeyActorRef; onClose: () => void }) {
  const stepUp = useSelector(actorRef, stepUpChild);
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Add a passkey</Trans>}>
        <StepUpForm actorRef={stepUp} onCancel={() => actorRef.send({ type: 'stepUp.cancel' })} />
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
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const asking = useSelector(actorRef, (s) => s.matches('askingBrowser'));
  const verifying = useSelector(actorRef, (s) => s.matches('verifying'));
  const { rootRef, submit } = useFormFocus(actorRef, FIELDS);
  const errors = { fieldErrors, error };
  return (
    <FormFrame
      ref={rootRef}
      className="me-security-part"
      title={<Trans>Add a passkey</Trans>}
      intro={
        <Trans>
          Your browser or device will ask you to unlock it (fingerprint, face, PIN or screen lock) and keeps
          the passkey there.
        </Trans>
      }
      error={error ?? (refusal ? { ceremony: 'adding', reason: refusal } : undefined)}
      canSubmit={canSubmit}
      submitLabel={refusal ? <Trans>Try again</Trans> : <Trans>Create passkey</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
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
      <output className="me-sessions__status">
        {asking ? <Trans>Follow your browser's instructions to make the passkey…</Trans> : null}
        {verifying ? <Trans>Checking the new passkey…</Trans> : null}
      </output>
    </FormFrame>
  );
}
