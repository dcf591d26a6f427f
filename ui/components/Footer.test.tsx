import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOOTER_LINKS, Footer } from './Footer';
import { renderUi } from './testing';

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('Footer', () => {
  it('links to plug-in, FAQ, privacy policy and terms of service, with defaults', () => {
    renderUi(<Footer year={2025} />);
    expect(hrefOf('Browser plug-in')).toBe(DEFAULT_FOOTER_LINKS.plugin);
    expect(hrefOf('FAQ')).toBe(DEFAULT_FOOTER_LINKS.faq);
    expect(hrefOf('Privacy policy')).toBe('/privacy');
    expect(hrefOf('Terms of service')).toBe('/terms-of-service');
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2025. All rights reserved.');
  });

  it('takes hrefs from the router (basepath unknown here) and a copyright holder', () => {
    renderUi(
      <Footer year={2025} owner="Example GmbH" links={{ privacy: '/root/privacy', terms: '/root/terms' }} />,
    );
    expect(hrefOf('Privacy policy')).toBe('/root/privacy');
    expect(hrefOf('Terms of service')).toBe('/root/terms');
    expect(hrefOf('FAQ')).toBe(DEFAULT_FOOTER_LINKS.faq);
    expect(screen.getByText('© 2025 Example GmbH. All rights reserved.')).toBeTruthy();
  });

  it('defaults to the current year', () => {
    renderUi(<Footer />);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()}`);
  });
});
