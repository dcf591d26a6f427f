import { Trans, useLingui } from '@lingui/react/macro';
import type { Refusal } from '../../machines/form/refusal';
import { Button } from '../components/Button';
import { refusalText } from '../form/fieldText';

/** docs/decisions/product.md Profile and lists: a list that failed to load says so quietly, with a retry. */
export function ListLoadFailure({
  message,
  refusal,
  onRetry,
}: {
  message: string;
  refusal: Refusal;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="lists__failure" aria-live="polite">
      <p>
        {message} {refusalText(i18n, refusal)}
      </p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
