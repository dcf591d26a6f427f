import { Trans } from '@lingui/react/macro';
import { type CSSProperties, type ReactNode, useState } from 'react';
import type { OrganisationBrand } from '../../api/contract/branding';

export interface OrganisationWelcomeProps {
  brand: OrganisationBrand;
  /** The words beside the logo; 'Welcome to {name}' unless given. */
  children?: ReactNode;
}

/*
 * Its styles are inline, not in the site's one stylesheet: only lazy pages show it, and every byte of that
 * stylesheet is on /login's first load (docs/benchmarks.md: first-load budget). Every value is a token; the accent's
 * shades come from the contract as #rrggbb only, each made to reach 3:1 on its palette's surfaces
 * (api/contract/branding.ts), and light-dark() takes the one of the palette in use.
 */
const MARK: CSSProperties = {
  flex: 'none',
  width: 'var(--icon-size-lg)',
  height: 'var(--icon-size-lg)',
  borderRadius: 'var(--radius-md)',
  objectFit: 'contain',
};
const INITIAL: CSSProperties = {
  ...MARK,
  display: 'grid',
  placeItems: 'center',
  background: 'var(--brand)',
  color: 'var(--brand-on)',
};

/** The welcome's box: the rule in the accent (the site's primary colour without one). */
const boxStyle = (brand: OrganisationBrand): CSSProperties =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 'var(--space-3)',
    borderLeft: 'var(--accent-rule-width) solid var(--brand)',
    paddingLeft: 'var(--space-3)',
    ...(brand.accent
      ? {
          '--brand-light': brand.accent.light,
          '--brand-dark': brand.accent.dark,
          '--brand-on-light': brand.accent.onLight,
          '--brand-on-dark': brand.accent.onDark,
          '--brand': 'light-dark(var(--brand-light), var(--brand-dark))',
          '--brand-on': 'light-dark(var(--brand-on-light), var(--brand-on-dark))',
        }
      : { '--brand': 'var(--color-primary)', '--brand-on': 'var(--color-on-primary)' }),
  }) as CSSProperties;

/** The welcome above a page's form (the curator sign-up, /start once found, the confirmation). */
export const WELCOME_INTRO_STYLE: CSSProperties = {
  margin: '0 0 var(--space-4)',
  fontSize: 'var(--font-size-lg)',
  fontWeight: 'var(--font-weight-semibold)',
};

/**
 * spec 2 Register: 'Welcome to {name}' with the organisation's logo, in its accent colour. The name is written out,
 * so the logo is decorative; a missing logo, or one that does not load, is the name's initial in the accent colour,
 * never a broken image (docs/decisions/product.md: Organisation branding comes from its data).
 */
export function OrganisationWelcome({ brand, children }: OrganisationWelcomeProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = brand.name;
  const logo = brand.logoUrl && failed !== brand.logoUrl ? brand.logoUrl : null;
  return (
    <span className="ui-brand" style={boxStyle(brand)}>
      {logo ? (
        <img className="ui-brand__logo" style={MARK} src={logo} alt="" onError={() => setFailed(logo)} />
      ) : (
        <span className="ui-brand__initial" style={INITIAL} aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span>{children ?? <Trans>Welcome to {name}</Trans>}</span>
    </span>
  );
}
