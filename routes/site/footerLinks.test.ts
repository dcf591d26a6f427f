import { describe, expect, it } from 'vitest';
import { footerLinks } from './footerLinks';

describe('footerLinks (spec 2 Footer)', () => {
  const site = { basePath: '/root/' };

  it('has the privacy and terms pages of this site, and no plug-in or FAQ unless configured', () => {
    expect(footerLinks(site, {})).toEqual({ privacy: '/root/privacy', terms: '/root/terms-of-service' });
  });

  it('takes the configured plug-in and FAQ targets, web links only', () => {
    expect(
      footerLinks(site, {
        VITE_PLUGIN_URL: ' https://platform.example/plugin ',
        VITE_FAQ_URL: 'https://help.example/',
      }),
    ).toMatchObject({ plugin: 'https://platform.example/plugin', faq: 'https://help.example/' });
    const refused = footerLinks(site, { VITE_PLUGIN_URL: 'javascript:alert(1)', VITE_FAQ_URL: '/faq' });
    expect(refused.plugin).toBeUndefined();
    expect(refused.faq).toBeUndefined();
  });
});
