import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import { recoveryCodesText } from '../../machines/twoFactorSetup/twoFactorSetup.rules';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { Heading } from '../components/headingLevel';
import { CopyIcon } from '../components/icons';
import { OneTimeCodeField } from '../components/OneTimeCodeField';
import { CopyFeedback } from './CopyFeedback';
import type { TwoFactorSetupActorRef } from './types';

/**
 * docs/decisions/security.md: One-time and recovery codes: shown once after a successful setup, to copy, download as .txt or print; the user
 * confirms they saved them by typing one back. Its heading takes its container's level: the page's h1 at login,
 * under /me's two-factor heading there.
 */
export function RecoveryCodesPanel({ actorRef }: { actorRef: TwoFactorSetupActorRef }) {
  const { t } = useLingui();
  const headingId = useId();
  const codes = useSelector(actorRef, (s) => s.context.recoveryCodes);
  const canCopy = useSelector(actorRef, (s) => s.context.canCopy);
  const copying = useSelector(actorRef, (s) => s.hasTag('copying'));
  const copied = useSelector(actorRef, (s) => s.hasTag('copied'));
  const copyFailed = useSelector(actorRef, (s) => s.hasTag('copyFailed'));
  const confirm = useSelector(actorRef, (s) => s.context.recoveryConfirm);
  const mismatch = useSelector(actorRef, (s) => s.context.confirmMismatch);
  const canConfirm = useSelector(actorRef, (s) => s.can({ type: 'recovery.confirmSubmit' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'recovery.confirmSubmit' });
  };

  return (
    <section className="two-factor two-factor__recovery" aria-labelledby={headingId}>
      <div className="two-factor__printed">
        <Heading id={headingId} className="two-factor__title">
          <Trans>Save your recovery codes</Trans>
        </Heading>
        <p>
          <Trans>
            If you lose your phone, each of these codes lets you log in once instead of a code from the app.
            Keep them somewhere safe: they are shown only now.
          </Trans>
        </p>
        <ul className="two-factor__codes" aria-labelledby={headingId}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <div className="two-factor__actions">
        {canCopy ? (
          <Button variant="secondary" busy={copying} onClick={() => actorRef.send({ type: 'recovery.copy' })}>
            <CopyIcon /> <Trans>Copy all</Trans>
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'recovery.download' })}>
          <Trans>Download as .txt</Trans>
        </Button>
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'recovery.print' })}>
          <Trans>Print</Trans>
        </Button>
      </div>
      <CopyFeedback copied={copied} failed={copyFailed} text={recoveryCodesText(codes)} />
      {/* The confirmation is a form of the kit: its submit waits for a whole code (disabled until then). */}
      <FormFrame
        className="two-factor__step"
        error={undefined}
        canSubmit={canConfirm}
        busy={false}
        disabledUntilSubmittable
        submitLabel={<Trans>Continue</Trans>}
        onSubmit={submit}
      >
        <OneTimeCodeField
          name="recovery-code-check"
          label={t`To confirm you saved them, type one of the codes`}
          inputMode="text"
          length={RECOVERY_CODE_LENGTH}
          // Not one-time-code: the OS must not offer an SMS code for this field.
          autoComplete="off"
          value={confirm}
          onValueChange={(value) => actorRef.send({ type: 'recovery.confirmChange', value })}
          error={
            mismatch
              ? t`This is not one of your recovery codes. Please type one of the codes above.`
              : undefined
          }
        />
      </FormFrame>
    </section>
  );
}
