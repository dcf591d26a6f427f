import { Trans, useLingui } from '@lingui/react/macro';
import '../styles/pager.css';

export interface PagerProps {
  /** Current page, counted from 1. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark; defaults to 'Pagination'. */
  label?: string;
}

/**
 * 'Prev / Page X of Y / Next' (spec 2 lists). At either end the button is aria-disabled, not disabled,
 * so the focus a keyboard user just put there does not vanish; the page text is announced politely.
 */
export function Pager({ page, pages, onPageChange, label }: PagerProps) {
  const { t } = useLingui();
  const atFirst = page <= 1;
  const atLast = page >= pages;
  return (
    <nav className="ui-pager" aria-label={label ?? t`Pagination`}>
      <button
        type="button"
        className="ui-pager__button"
        aria-disabled={atFirst || undefined}
        onClick={() => {
          if (!atFirst) onPageChange(page - 1);
        }}
      >
        <Trans>Prev</Trans>
      </button>
      <p className="ui-pager__status" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      <button
        type="button"
        className="ui-pager__button"
        aria-disabled={atLast || undefined}
        onClick={() => {
          if (!atLast) onPageChange(page + 1);
        }}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
