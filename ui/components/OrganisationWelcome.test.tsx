import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accentShades, type OrganisationBrand } from '../../api/contract/branding';
import { OrganisationWelcome } from './OrganisationWelcome';
import { renderUi } from './testing';

const LOGO = 'http://localhost:3000/api/organisations/lit/logo?v=0123456789abcdef';
const lit: OrganisationBrand = { name: 'LIT Learning', logoUrl: LOGO, accent: accentShades('#00aa77') };

describe('OrganisationWelcome', () => {
  it("shows 'Welcome to {name}' with the logo, decorative beside the written name, in the accent's shades", () => {
    const { container } = renderUi(<OrganisationWelcome brand={lit} />);
    expect(container.textContent).toBe('Welcome to LIT Learning');
    const logo = container.querySelector('img');
    expect(logo?.getAttribute('src')).toBe(LOGO);
    expect(logo?.getAttribute('alt')).toBe('');
    const welcome = container.firstElementChild as HTMLElement;
    // #00aa77 is drawn darker on the light surfaces (3:1 on #f4f6f9), as given on the dark ones.
    const style = welcome.getAttribute('style') ?? '';
    expect(style).toContain('--brand-light: #00a271');
    expect(style).toContain('--brand-dark: #00aa77');
    expect(style).toContain('--brand-on-light: #000000');
  });

  it('shows the initial instead of a logo it does not have, in the site colours without an accent', () => {
    const { container } = renderUi(
      <OrganisationWelcome brand={{ name: 'secure', logoUrl: null, accent: null }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const initial = container.querySelector('.ui-brand__initial');
    expect(initial?.textContent).toBe('S');
    expect(initial?.getAttribute('aria-hidden')).toBe('true');
    // No accent: the element carries no shade, and brand.css falls back to the site's primary colour.
    const style = (container.firstElementChild as HTMLElement).getAttribute('style') ?? '';
    expect(style).not.toContain('--brand-light');
    expect(container.textContent).toBe('SWelcome to secure');
  });

  it('falls back to the initial when the logo does not load: never a broken image', () => {
    const { container } = renderUi(<OrganisationWelcome brand={lit} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.ui-brand__initial')?.textContent).toBe('L');
    expect(screen.getByText('Welcome to LIT Learning')).toBeTruthy();
  });

  it('says other words beside the logo when given', () => {
    renderUi(<OrganisationWelcome brand={lit}>Your account at LIT Learning is ready</OrganisationWelcome>);
    expect(screen.getByText('Your account at LIT Learning is ready')).toBeTruthy();
  });
});
