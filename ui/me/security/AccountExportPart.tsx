import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { accountExportMachine } from '../../../machines/accountExport/accountExport.machine';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { refusalText } from '../../form/fieldText';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

export type AccountExportActorRef = ActorRefFrom<typeof accountExportMachine>;

export interface AccountExportIntroProps {
  onStart: () => void;
  busy?: boolean;
  /** The button waits (the machine cannot start now); undefined before the machine is loaded. */
  disabled?: boolean;
  /** Under the button: 'Downloaded', or the failure with its retry. */
  children?: ReactNode;
}

/**
 * docs/decisions/security.md: Your data to take away, closed: what the file holds and its button. The same words on
 * /me's first load (before the machine is loaded, containers/me/securityExport.tsx) and in the machine's states.
 */
export function AccountExportIntro({ onStart, busy = false, disabled, children }: AccountExportIntroProps) {
  return (
    <SecurityPart
      title={<Trans>Your data</Trans>}
      description={
        <Trans>
          Download what your account holds as a JSON file: your profile, memberships, sessions, passkeys and
          recent security activity. No password or other secret is in it.
        </Trans>
      }
      action={
        <Button variant="secondary" busy={busy} disabled={disabled} onClick={onStart}>
          <Trans>Download my data</Trans>
        </Button>
      }
    >
      {children}
    </SecurityPart>
  );
}

/**
 * docs/decisions/security.md: Your data to take away on screen: the button (enabled when the machine can start), busy
 * while the file is asked for; 'Confirm it's you' when the server asks; 'Downloaded' once saved; a failure with
 * its retry.
 */
export function AccountExportPart({ actorRef }: { actorRef: AccountExportActorRef }) {
  const { i18n } = useLingui();
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canStart = useSelector(actorRef, (s) => s.can({ type: 'export.start' }));
  const saved = useSelector(actorRef, (s) => s.matches('saved'));
  const error = useSelector(actorRef, (s) => s.context.error);
  const stepUp = useSelector(actorRef, stepUpChild);
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Your data</Trans>}>
        <StepUpForm actorRef={stepUp} onCancel={() => actorRef.send({ type: 'stepUp.cancel' })} />
      </SecurityPart>
    );
  return (
    <AccountExportIntro
      onStart={() => actorRef.send({ type: 'export.start' })}
      busy={busy}
      disabled={!busy && !canStart}
    >
      {saved ? (
        <output className="me-sessions__status">
          <Trans>Downloaded</Trans>
        </output>
      ) : null}
      {error ? (
        <div className="me-sessions__failure" role="alert">
          <p>
            <Trans>Your data could not be downloaded.</Trans> {refusalText(i18n, error)}
          </p>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
    </AccountExportIntro>
  );
}
