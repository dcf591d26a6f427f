import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { groupSecret } from '../../machines/twoFactorSetup/twoFactorSetup.rules';
import { Button } from '../components/Button';
import { CopyIcon } from '../components/icons';
import { CopyFeedback } from './CopyFeedback';
import type { TwoFactorSetupActorRef } from './types';

/** spec 2 Two-factor setup, step 2: the QR code, or the secret as text in groups of 3 with a copy button. */
export function SecretStep({ actorRef }: { actorRef: TwoFactorSetupActorRef }) {
  const { t } = useLingui();
  const headingId = useId();
  const secretLabelId = useId();
  const asText = useSelector(actorRef, (s) => s.matches({ settingUp: { secretView: 'secretAsText' } }));
  const setup = useSelector(actorRef, (s) => s.context.setup);
  const canCopy = useSelector(actorRef, (s) => s.context.canCopy);
  const copying = useSelector(actorRef, (s) => asText && s.hasTag('copying'));
  const copied = useSelector(actorRef, (s) => asText && s.hasTag('copied'));
  const copyFailed = useSelector(actorRef, (s) => asText && s.hasTag('copyFailed'));

  if (!asText)
    return (
      <li className="two-factor__step" aria-labelledby={headingId}>
        <p id={headingId} className="two-factor__step-title">
          <Trans>Step 2: Scan the QR code</Trans>
        </p>
        <p>
          <Trans>In the app, add an account and scan this QR code.</Trans>
        </p>
        <img
          className="two-factor__barcode"
          src={setup.dataURL}
          alt={t`QR code to scan with your authenticator app`}
          width={200}
          height={200}
        />
        <div>
          <Button variant="link" onClick={() => actorRef.send({ type: 'secret.show' })}>
            <Trans>Can't scan the QR code? Enter a key instead</Trans>
          </Button>
        </div>
      </li>
    );

  return (
    <li className="two-factor__step" aria-labelledby={headingId}>
      <p id={headingId} className="two-factor__step-title">
        <Trans>Step 2: Enter the key</Trans>
      </p>
      <p id={secretLabelId}>
        <Trans>In the app, choose to enter a setup key and type this key:</Trans>
      </p>
      <ul className="two-factor__secret" aria-labelledby={secretLabelId}>
        {groupSecret(setup.secret).map((group, index) => (
          // Groups may repeat; their position is what identifies them.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index}>{group}</li>
        ))}
      </ul>
      <div className="two-factor__actions">
        {canCopy ? (
          <Button variant="secondary" busy={copying} onClick={() => actorRef.send({ type: 'secret.copy' })}>
            <CopyIcon /> <Trans>Copy key</Trans>
          </Button>
        ) : null}
        <Button variant="link" onClick={() => actorRef.send({ type: 'barcode.show' })}>
          <Trans>Show the QR code again</Trans>
        </Button>
      </div>
      <CopyFeedback copied={copied} failed={copyFailed} text={setup.secret} />
    </li>
  );
}
