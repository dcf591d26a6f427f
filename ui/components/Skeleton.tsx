import type { ReactNode } from 'react';
import '../styles/skeleton.css';

export interface SkeletonProps {
  /** What is loading, shown and announced ('Loading your channels…'). */
  label: ReactNode;
  /** How many rows the placeholder draws, about as many as will come. */
  rows?: number;
}

/**
 * A part's placeholder while its content loads: the shape of rows to come under one line saying what loads. An
 * `<output>` is a role=status live region, so the words are announced; the bars are drawing only, hidden from
 * assistive technology, and still under prefers-reduced-motion. Page-level loading keeps the Loader.
 */
export function Skeleton({ label, rows = 3 }: SkeletonProps) {
  return (
    <output className="ui-skeleton">
      <span className="ui-skeleton__label">{label}</span>
      <span className="ui-skeleton__rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          // The rows have no identity but their place.
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
          <span key={index} className="ui-skeleton__row" />
        ))}
      </span>
    </output>
  );
}
