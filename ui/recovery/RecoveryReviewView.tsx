import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { RecoveryReview, ReviewPasskey } from '../../api/contract/recovery';
import type { RecoveryReviewActorRef } from '../../machines/recoveryReview/recoveryReview.machine';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { ErrorPage } from '../components/ErrorPage';
import { FormFrame } from '../components/FormFrame';
import { Loader } from '../components/Loader';
import { Row, RowList } from '../components/RowList';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import './recoveryReview.css';

export interface RecoveryReviewViewProps {
  actorRef: RecoveryReviewActorRef;
}

/**
 * docs/decisions/security.md: Recovery review on screen: a loader while the review is read; then every way into the account
 * as cards (each passkey with when and from which browser it was added, when it was last used and whether the
 * recovery suspended it, with Keep and Remove; the authenticator app, with Remove when the review may take it; the
 * recovery codes), a refusal above Done, and Done. The heading takes the focus when the review appears.
 */
export function RecoveryReviewView({ actorRef }: RecoveryReviewViewProps) {
  const { i18n, t } = useLingui();
  const loading = useSelector(actorRef, (s) => s.matches('loading'));
  const loadFailed = useSelector(actorRef, (s) => s.matches('loadFailed'));
  const error = useSelector(actorRef, (s) => s.context.error);
  usePageTitle(loading ? undefined : msg`Check the ways into your account`);

  if (loading) return <Loader label={t`Reading the ways into your account…`} />;
  if (loadFailed && error)
    return (
      <ErrorPage
        title={<Trans>Check the ways into your account</Trans>}
        onRetry={() => actorRef.send({ type: 'retry' })}
      >
        <p>{refusalText(i18n, error)}</p>
      </ErrorPage>
    );
  return <Review actorRef={actorRef} />;
}

function Review({ actorRef }: RecoveryReviewViewProps) {
  const review = useSelector(actorRef, (s) => s.context.review);
  const error = useSelector(actorRef, (s) => s.context.error);
  const canFinish = useSelector(actorRef, (s) => s.can({ type: 'review.finish' }));
  const { rootRef, submit } = useFormFocus<HTMLDivElement, { type: 'review.finish' }>(actorRef, [], {
    submit: { type: 'review.finish' },
  });
  if (!review) return null;
  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Check the ways into your account</Trans>}
        intro={
          <Trans>
            Your new password is set and every session was signed out. Below is every way into your account. A
            passkey added from a session that has just been signed out is suspended: it signs nobody in until
            you keep it. Remove anything you do not recognise.
          </Trans>
        }
        error={error}
        canSubmit={canFinish}
        submitLabel={<Trans>Done</Trans>}
        onSubmit={submit}
      >
        <Passkeys actorRef={actorRef} review={review} />
        <Authenticator actorRef={actorRef} review={review} />
      </FormFrame>
    </div>
  );
}

function useWhen() {
  const { i18n } = useLingui();
  return (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
}

function Passkeys({ actorRef, review }: RecoveryReviewViewProps & { review: RecoveryReview }) {
  return (
    <section className="recovery-review__section" aria-labelledby="recovery-review-passkeys">
      <h2 id="recovery-review-passkeys">
        <Trans>Passkeys</Trans>
      </h2>
      {review.passkeys.length === 0 ? (
        <EmptyState>
          <Trans>No passkey.</Trans>
        </EmptyState>
      ) : (
        <RowList>
          {review.passkeys.map((passkey) => (
            <PasskeyCard key={passkey.id} actorRef={actorRef} passkey={passkey} />
          ))}
        </RowList>
      )}
    </section>
  );
}

function PasskeyCard({ actorRef, passkey }: RecoveryReviewViewProps & { passkey: ReviewPasskey }) {
  const when = useWhen();
  const busy = useSelector(actorRef, (s) => s.hasTag('busy') && s.context.passkeyId === passkey.id);
  const { name, addedFrom } = passkey;
  const added = when(passkey.createdAt);
  const lastUsed = passkey.lastUsedAt ? when(passkey.lastUsedAt) : undefined;
  return (
    <Row className="recovery-review__entry">
      <p className="recovery-review__name">{name}</p>
      <p>
        {addedFrom ? (
          <Trans>
            Added {added} from {addedFrom}
          </Trans>
        ) : (
          <Trans>Added {added} from a browser not recorded</Trans>
        )}
      </p>
      <p>{lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Not used yet</Trans>}</p>
      {passkey.suspended ? (
        <p>
          <strong>
            <Trans>
              Suspended: added from a session that was just signed out. It signs nobody in until you keep it.
            </Trans>
          </strong>
        </p>
      ) : null}
      <div className="recovery-review__actions">
        {passkey.suspended ? (
          <Button
            type="button"
            variant="secondary"
            busy={busy}
            onClick={() => actorRef.send({ type: 'passkey.keep', id: passkey.id })}
          >
            <Trans>Keep “{name}”</Trans>
          </Button>
        ) : null}
        <Button
          type="button"
          variant="danger"
          busy={busy}
          onClick={() => actorRef.send({ type: 'passkey.remove', id: passkey.id })}
        >
          <Trans>Remove “{name}”</Trans>
        </Button>
      </div>
    </Row>
  );
}

function Authenticator({ actorRef, review }: RecoveryReviewViewProps & { review: RecoveryReview }) {
  const when = useWhen();
  const busy = useSelector(actorRef, (s) => s.matches('removingAuthenticator'));
  const { authenticator, recoveryCodes } = review;
  const since = authenticator?.since ? when(authenticator.since) : undefined;
  const codesLeft = recoveryCodes?.remaining;
  const codesMade = recoveryCodes ? when(recoveryCodes.createdAt) : undefined;
  const appFrom = authenticator?.addedFrom;
  return (
    <section className="recovery-review__section" aria-labelledby="recovery-review-app">
      <h2 id="recovery-review-app">
        <Trans>Authenticator app</Trans>
      </h2>
      {authenticator ? (
        <div className="recovery-review__card">
          <p>
            {since ? <Trans>On since {since}</Trans> : <Trans>On</Trans>}
            {appFrom ? (
              <>
                {' '}
                <Trans>(turned on from {appFrom})</Trans>
              </>
            ) : null}
          </p>
          {recoveryCodes ? (
            <p>
              <Trans>
                {codesLeft} recovery codes left, made {codesMade}
              </Trans>
            </p>
          ) : null}
          {authenticator.removable ? (
            <div className="recovery-review__actions">
              <Button
                type="button"
                variant="danger"
                busy={busy}
                onClick={() => actorRef.send({ type: 'authenticator.remove' })}
              >
                <Trans>Remove the authenticator app and its recovery codes</Trans>
              </Button>
            </div>
          ) : (
            <p>
              <Trans>
                It stays: only an app turned on within the 72 hours before this recovery can be removed here,
                so that a mailbox alone cannot take it away.
              </Trans>
            </p>
          )}
        </div>
      ) : (
        <p>
          <Trans>Off: a password alone signs in.</Trans>
        </p>
      )}
    </section>
  );
}
