import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { refusalText, type ShownRefusal } from '../../form/fieldText';

/**
 * An action on a listed row that failed (signing a session out, forgetting a device): what the server said, with
 * 'Try again' and 'Leave it'. Which events they send is the list machine's (`retry`, `dismiss`).
 */
export function ActionFailure({
  error,
  send,
}: {
  error: ShownRefusal;
  send: (event: { type: 'retry' | 'dismiss' }) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="me-sessions__failure" role="alert">
      <p>
        <Trans>That did not work.</Trans> {refusalText(i18n, error)}
      </p>
      <div className="me-sessions__actions">
        <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="link" onClick={() => send({ type: 'dismiss' })}>
          <Trans>Leave it</Trans>
        </Button>
      </div>
    </div>
  );
}
