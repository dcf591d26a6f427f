import { describe, expect, it } from 'vitest';
import { rehearsal, siteUrl } from './support';

/**
 * What a deployment must not have, and must have, as the production server answers it: no dev mailbox (the
 * journeys read mail over SMTP), no demo provider, no API reference; the production headers on every page.
 */
describe('the production server', () => {
  it('has no dev mailbox, no demo provider and no API reference', async () => {
    const mailbox = await fetch(siteUrl('/api/dev/mailbox?to=rita.reset@rehearsal.test'));
    expect(mailbox.status).toBe(404);
    expect(await mailbox.json()).toMatchObject({ code: expect.any(String) });
    expect((await fetch(siteUrl('/api/docs'))).status).toBe(404);
    const demoProvider = await fetch(siteUrl('/idp-demo/.well-known/openid-configuration'));
    expect(demoProvider.headers.get('content-type')).not.toMatch(/json/);
  });

  it('sends the production headers with the page', async () => {
    const page = await fetch(siteUrl('/login'));
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain(new URL(rehearsal().providerUrl).host);
  });

  it('refuses a mutating call from another origin, the provider’s included', async () => {
    const answer = await fetch(siteUrl('/api/login'), {
      method: 'POST',
      headers: { origin: rehearsal().providerUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@rehearsal.test', pwd: 'whatever-1' }),
    });
    expect(answer.status).toBe(403);
  });
});
