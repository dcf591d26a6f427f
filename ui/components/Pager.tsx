import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import '../styles/pager.css';

export interface PagerProps {
  /** Current page, counted from 1. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark; defaults to 'Pagination'. */
  label?: string;
}

/** From this many pages on (four), the pager also offers First, Last and a page number to type. */
const JUMP_FROM = 4;

function PagerButton({ off, go, children }: { off: boolean; go: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="ui-pager__button"
      aria-disabled={off || undefined}
      onClick={() => {
        if (!off) go();
      }}
    >
      {children}
    </button>
  );
}

/** 'Go to page [n] Go': a number typed (or stepped with the arrow keys) and sent with Enter or the button. */
function PageJump({ page, pages, onPageChange }: Omit<PagerProps, 'label'>) {
  const id = useId();
  const [value, setValue] = useState(String(page));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Math.round(Number(value));
    if (!Number.isFinite(wanted) || value.trim() === '') return setValue(String(page));
    const next = Math.min(Math.max(1, wanted), pages);
    setValue(String(next));
    if (next !== page) onPageChange(next);
  };
  return (
    // noValidate: a number past either end is taken as that end, not refused.
    <form className="ui-pager__jump" onSubmit={submit} noValidate>
      <label htmlFor={id}>
        <Trans>Go to page</Trans>
      </label>
      <input
        id={id}
        className="ui-pager__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={pages}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="ui-pager__button">
        <Trans>Go</Trans>
      </button>
    </form>
  );
}

/**
 * 'Prev / Page X of Y / Next' (spec 2 lists); from four pages on also First, Last and 'Go to page'
 * (docs/decisions/product.md: Lists in the address). At either end the buttons are aria-disabled, not disabled, so the
 * focus a keyboard user just put there does not vanish; the page text is announced politely.
 */
export function Pager({ page, pages, onPageChange, label }: PagerProps) {
  const { t } = useLingui();
  const atFirst = page <= 1;
  const atLast = page >= pages;
  const jumps = pages >= JUMP_FROM;
  return (
    <nav className="ui-pager" aria-label={label ?? t`Pagination`}>
      {jumps && (
        <PagerButton off={atFirst} go={() => onPageChange(1)}>
          <Trans>First</Trans>
        </PagerButton>
      )}
      <PagerButton off={atFirst} go={() => onPageChange(page - 1)}>
        <Trans>Prev</Trans>
      </PagerButton>
      <p className="ui-pager__status" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      <PagerButton off={atLast} go={() => onPageChange(page + 1)}>
        <Trans>Next</Trans>
      </PagerButton>
      {jumps && (
        <PagerButton off={atLast} go={() => onPageChange(pages)}>
          <Trans>Last</Trans>
        </PagerButton>
      )}
      {/* Keyed by the page, so the box shows the page reached by any button. */}
      {jumps && <PageJump key={page} page={page} pages={pages} onPageChange={onPageChange} />}
    </nav>
  );
}
