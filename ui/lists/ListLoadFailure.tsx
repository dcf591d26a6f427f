import { Trans, useLingui } from '@lingui/react/macro';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { failureText } from '../../i18n/failureText';
import { Button } from '../components/Button';

/** docs/decisions.md Profile and lists: a list that failed to load says so quietly, with a retry. */
export function ListLoadFailure({
  message,
  code,
  onRetry,
}: {
  message: string;
  code: ErrorCode;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="lists__failure" aria-live="polite">
      <p>
        {message} {failureText(i18n, code)}
      </p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
