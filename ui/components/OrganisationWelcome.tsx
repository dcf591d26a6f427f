import { Trans } from '@lingui/react/macro';
import { type CSSProperties, type ReactNode, useState } from 'react';
import type { OrganisationBrand } from '../../api/contract/branding';
import '../styles/brand.css';

export interface OrganisationWelcomeProps {
  brand: OrganisationBrand;
  /** The words beside the logo; 'Welcome to {name}' unless given. */
  children?: ReactNode;
}

/** The accent's shades as the custom properties brand.css reads (the contract holds them to #rrggbb). */
const accentStyle = (brand: OrganisationBrand): CSSProperties | undefined =>
  brand.accent
    ? ({
        '--brand-light': brand.accent.light,
        '--brand-dark': brand.accent.dark,
        '--brand-on-light': brand.accent.onLight,
        '--brand-on-dark': brand.accent.onDark,
      } as CSSProperties)
    : undefined;

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
    <span className="ui-brand" style={accentStyle(brand)}>
      {logo ? (
        <img className="ui-brand__mark" src={logo} alt="" onError={() => setFailed(logo)} />
      ) : (
        <span className="ui-brand__mark ui-brand__initial" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span>{children ?? <Trans>Welcome to {name}</Trans>}</span>
    </span>
  );
}
