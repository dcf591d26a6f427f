import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOOTER_LINKS, Footer } from './Footer';
import { renderUi } from './testing';

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('Footer', () => {
  it('links to privacy policy and terms of service by default, and to no plug-in or FAQ it was not given', () => {
    renderUi(<Footer year={2025} />);
    expect(screen.queryByRole('link', { name: 'Browser plug-in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
    expect(hrefOf('Privacy policy')).toBe(DEFAULT_FOOTER_LINKS.privacy);
    expect(hrefOf('Terms of service')).toBe('/terms-of-service');
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2025. All rights reserved.');
  });

  it('takes hrefs from the router (basepath unknown here) and a copyright holder', () => {
    renderUi(
      <Footer
        year={2025}
        owner="Example GmbH"
        links={{
          privacy: '/root/privacy',
          terms: '/root/terms',
          plugin: 'https://platform.example/plugin',
          faq: 'https://help.platform.example/faq',
        }}
      />,
    );
    expect(hrefOf('Privacy policy')).toBe('/root/privacy');
    expect(hrefOf('Terms of service')).toBe('/root/terms');
    expect(hrefOf('Browser plug-in')).toBe('https://platform.example/plugin');
    expect(hrefOf('FAQ')).toBe('https://help.platform.example/faq');
    expect(screen.getByText('© 2025 Example GmbH. All rights reserved.')).toBeTruthy();
  });

  it('defaults to the current year', () => {
    renderUi(<Footer />);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()}`);
  });
});
