import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './contentSecurityPolicy';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('contentSecurityPolicy', () => {
  it('allows this origin only, with nothing inline, when nothing else is configured', () => {
    const csp = contentSecurityPolicy();
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'style-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it("adds the Sentry DSN's host to connect-src, and nothing for a malformed DSN", () => {
    const csp = contentSecurityPolicy({ sentryDsn: 'https://key@o1.ingest.sentry.io/42' });
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
    expect(directive(contentSecurityPolicy({ sentryDsn: 'not a url' }), 'connect-src')).toEqual(["'self'"]);
  });

  it('lets the site talk to Transloadit only when the server signs uploads for it', () => {
    const csp = contentSecurityPolicy({ transloadit: true });
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://api2.transloadit.com',
      'https://*.transloadit.com',
    ]);
    expect(contentSecurityPolicy({ transloadit: false })).toBe(contentSecurityPolicy());
  });

  it('adds what the configured chat widget loads, and only that one', () => {
    const crisp = contentSecurityPolicy({ chatSupport: 'crisp' });
    expect(directive(crisp, 'script-src')).toContain('https://client.crisp.chat');
    expect(directive(crisp, 'connect-src')).toContain('wss://client.relay.crisp.chat');
    expect(crisp).not.toContain('intercom');
    const intercom = contentSecurityPolicy({ chatSupport: 'Intercom' });
    expect(directive(intercom, 'script-src')).toContain('https://widget.intercom.io');
    expect(intercom).not.toContain('crisp');
    expect(contentSecurityPolicy({ chatSupport: 'none' })).toBe(contentSecurityPolicy());
  });
});
