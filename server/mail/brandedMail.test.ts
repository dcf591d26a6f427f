import { describe, expect, it } from 'vitest';
import { accentShades, type OrganisationBrand } from '../../api/contract/branding';
import { linksOf } from '../routes/dev';
import { renderMail } from './templates';

const VARS = {
  link: 'http://localhost:3000/register?token=abc',
  screenName: 'Ivy',
  inviterName: 'Carla',
  organisationName: 'LIT Learning',
  channelName: 'Sales',
  reader: false,
};
const LIT: OrganisationBrand = {
  name: 'LIT <Learning>',
  logoUrl: 'http://localhost:3000/api/organisations/lit/logo?v=0123456789abcdef',
  accent: accentShades('#00aa77'),
};

describe('a mail about an organisation (docs/decisions/product.md: Organisation branding comes from its data)', () => {
  it('carries its logo, name and accent in the HTML part; the text part and its first link stay the same', () => {
    const plain = renderMail('invitation', VARS, 'en-US');
    const branded = renderMail('invitation', VARS, 'en-US', LIT);
    expect(branded.text).toBe(plain.text);
    expect(branded.html).toContain(`<img src="${LIT.logoUrl}" alt=""`);
    // The name is escaped like every variable; the accent's light shade is the rule and the button.
    expect(branded.html).toContain('LIT &#60;Learning&#62;</p>');
    expect(branded.html).not.toContain('<Learning>');
    expect(branded.html).toContain('border-left:4px solid #00a271');
    expect(branded.html).toContain('background:#00a271;color:#000000');
    expect(linksOf(branded.text, branded.html)[0]).toBe(VARS.link);
  });

  it('without a logo or an accent: the name and the site colours, no image', () => {
    const html = renderMail('invitation', VARS, 'de-DE', { name: 'Acme', logoUrl: null, accent: null }).html;
    expect(html).not.toContain('<img');
    expect(html).toContain('Acme</p>');
    expect(html).toContain('background:#1d4ed8;color:#fff');
  });
});
