import { Trans } from '@lingui/react/macro';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { OrganisationBrand } from '../../api/contract/branding';
import './brand.css';

export interface OrganisationWelcomeProps {
  brand: OrganisationBrand;
  /** The words beside the logo; 'Welcome to {name}' unless given. */
  children?: ReactNode;
}

/*
 * Its look is in brand.css (classes, every value a token); only the organisation's accent is set on the element,
 * through the DOM after it is drawn: a style attribute in the server-drawn markup would break the page's
 * Content-Security-Policy (style-src without 'unsafe-inline'). The accent's shades come from the contract as
 * #rrggbb only, each made to reach 3:1 on its palette's surfaces (api/contract/branding.ts); brand.css picks the one
 * of the palette in use with light-dark().
 */
const ACCENT_PROPERTIES = ['--brand-light', '--brand-dark', '--brand-on-light', '--brand-on-dark'] as const;

const accentValues = (brand: OrganisationBrand): readonly string[] =>
  brand.accent ? [brand.accent.light, brand.accent.dark, brand.accent.onLight, brand.accent.onDark] : [];

/** The class of the line that holds the welcome above a page's form (the curator sign-up, /start, the confirmation). */
export const WELCOME_INTRO_CLASS = 'ui-brand-intro';

/**
 * spec 2 Register: 'Welcome to {name}' with the organisation's logo, in its accent colour. The name is written out,
 * so the logo is decorative; a missing logo, or one that does not load, is the name's initial in the accent colour,
 * never a broken image (docs/decisions/product.md: Organisation branding comes from its data).
 */
export function OrganisationWelcome({ brand, children }: OrganisationWelcomeProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = brand.name;
  const logo = brand.logoUrl && failed !== brand.logoUrl ? brand.logoUrl : null;
  const box = useRef<HTMLSpanElement>(null);
  // The shades as one key: a new accent (or none) is what sets the element's properties again.
  const shades = accentValues(brand).join(' ');
  useLayoutEffect(() => {
    const values = shades.split(' ');
    ACCENT_PROPERTIES.forEach((property, index) => {
      const value = values[index];
      if (value) box.current?.style.setProperty(property, value);
      else box.current?.style.removeProperty(property);
    });
  }, [shades]);
  return (
    <span ref={box} className="ui-brand">
      {logo ? (
        <img className="ui-brand__logo" src={logo} alt="" onError={() => setFailed(logo)} />
      ) : (
        <span className="ui-brand__initial" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span>{children ?? <Trans>Welcome to {name}</Trans>}</span>
    </span>
  );
}
