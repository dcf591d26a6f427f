import { useLingui } from '@lingui/react/macro';
import '../styles/loader.css';
import { Logo } from './Logo';

export interface LoaderProps {
  /** What is loading, for screen readers; defaults to 'Loading'. */
  label?: string;
  /** Fills the viewport and centres the logo (page-level loading, identity-provider success pages). */
  fullPage?: boolean;
}

/** The bouncing-logo loader (spec 2); still under prefers-reduced-motion. An <output> is a role=status live region. */
export function Loader({ label, fullPage = false }: LoaderProps) {
  const { t } = useLingui();
  return (
    <output className="ui-loader" data-full-page={fullPage || undefined}>
      <span className="ui-loader__logo">
        <Logo size={56} />
      </span>
      <span className="ui-loader__shadow" aria-hidden="true" />
      <span className="ui-loader__label">{label ?? t`Loading`}</span>
    </output>
  );
}
