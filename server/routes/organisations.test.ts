import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrganisationBrandWire } from '../../api/contract/branding';
import { saveOrganisationBrand } from '../brand/organisationBrand';
import { createOrganisation } from '../test/fixtures';
import { HOSTILE_VALUES } from '../test/hostileValues';
import { createTestApp, type TestApp } from '../test/testApp';

const LIT_PNG = new Uint8Array(readFileSync(new URL('../brand/demo/lit.png', import.meta.url)));

let t: TestApp;
let litId: number;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  litId = (await createOrganisation(t.db, { subdomain: 'lit', name: 'LIT' })).id;
});
afterAll(() => t.close());

const brand = (subdomain: string) =>
  t.client().get<OrganisationBrandWire>(`/api/organisations/${encodeURIComponent(subdomain)}/brand`);

describe('GET /api/organisations/:subdomain/brand', () => {
  it('answers the name alone for an organisation without branding, then what npm run brand set', async () => {
    expect((await brand('LIT')).body).toEqual({ name: 'LIT', logoUrl: null, accent: null });
    await saveOrganisationBrand(
      t.db,
      litId,
      { name: 'LIT Learning', logo: LIT_PNG, accent: '#0a7' },
      t.clock.now(),
    );
    const answer = await brand('lit');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      name: 'LIT Learning',
      logoUrl: expect.stringMatching(/^http:\/\/localhost\/api\/organisations\/lit\/logo\?v=[0-9a-f]{16}$/),
      accent: { light: '#00a271', dark: '#00aa77', onLight: '#000000', onDark: '#000000' },
    });
  });

  it('answers an unknown organisation and hostile subdomains with a refusal, never a 5xx', async () => {
    const unknown = await brand('nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'registration_company_id_subdomain_not_found_error' });
    for (const value of [
      ...HOSTILE_VALUES.map((hostile) => JSON.stringify(hostile)),
      'x'.repeat(300),
      '%00',
    ]) {
      const answer = await brand(value);
      expect(answer.status, value).toBeGreaterThanOrEqual(400);
      expect(answer.status, value).toBeLessThan(500);
    }
  });
});

describe('GET /api/organisations/:subdomain/logo', () => {
  it('serves the stored bytes with the checked type, nosniff, no script, and a year of cache for its version', async () => {
    await saveOrganisationBrand(t.db, litId, { logo: LIT_PNG }, t.clock.now());
    const { logoUrl } = (await brand('lit')).body;
    const address = new URL(logoUrl ?? '');
    const answer = await t.app.request(address.pathname + address.search);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(LIT_PNG))).toBe(true);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Another version (an old page after a new logo) is revalidated, never kept for a year.
    const stale = await t.app.request(`${address.pathname}?v=0000000000000000`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for an organisation without a logo, an unknown one and hostile names', async () => {
    for (const path of ['lit', 'nobody', '..%2f..%2fetc', 'x'.repeat(300), '%ED%A0%80']) {
      const answer = await t.app.request(`/api/organisations/${path}/logo`);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});

describe('branding in the answers that name the organisation', () => {
  it('the company-id check answers the display name once the organisation is found', async () => {
    await saveOrganisationBrand(t.db, litId, { name: 'LIT Learning', accent: '#c2410c' }, t.clock.now());
    const answer = await t.client().post<{ brand: OrganisationBrandWire }>('/api/confirm/user_company_id', {
      step: 'organisationSubdomain',
      organisationSubdomain: 'Lit',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.brand).toMatchObject({ name: 'LIT Learning', logoUrl: null });
    expect(answer.body.brand.accent?.light).toBe('#c2410c');
  });
});
