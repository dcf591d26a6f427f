import type { ReactNode } from 'react';
import '../styles/badge.css';

/** A badge's tone: a colour role of ui/styles/tokens.css (`primary` is outlined, for a mark on a tinted row). */
export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  /** One short word or two: a state ('Archived'), a mark ('New'). */
  children: ReactNode;
  tone?: BadgeTone;
}

/**
 * A short state word set beside what it qualifies. The word is visible text, read as part of its line, so it says
 * the same to everyone; an explanation, where one is needed, is text beside it, not a tooltip.
 */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return (
    <span className="ui-badge" data-tone={tone}>
      {children}
    </span>
  );
}
