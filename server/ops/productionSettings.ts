/**
 * What production needs before it starts (README 'Operating it', production checklist): everything missing or
 * left at its demo value is named in one message, so an operator fixes them all at once instead of one stack trace
 * at a time. Demo-only behaviour (demo data, the dev mailbox, the demo OpenID provider) is already off in production
 * (server/config.ts); what remains are the settings whose demo defaults would be unsafe or useless there.
 */
import type { ServerConfig } from '../config';

export class ProductionSettingsError extends Error {}

/** Loopback names a browser treats as a secure context over plain http (the production rehearsal runs there). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * https, or plain http on loopback only: production's session cookies are `__Host-` and Secure, which a browser
 * keeps over plain http only on loopback; on a public plain-http address every login would silently fail to stick
 * and the session would travel in clear.
 */
const servesSecurely = (siteUrl: string): boolean => {
  try {
    const url = new URL(siteUrl);
    if (url.protocol === 'https:') return true;
    return (
      url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost'))
    );
  } catch {
    return false;
  }
};

/** The problems with `env` for a production start; none outside production. */
export const productionProblems = (env: NodeJS.ProcessEnv, config: ServerConfig): string[] => {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!env.SECRET_KEY && !env.IDP_SECRET_KEY)
    problems.push('SECRET_KEY (32 random bytes: openssl rand -base64 32)');
  // Set explicitly: its default is this machine's own address, wrong in every mailed link.
  if (!env.SITE_URL) problems.push("SITE_URL (the site's public address, e.g. https://accounts.example.com)");
  else if (!servesSecurely(env.SITE_URL))
    problems.push(`SITE_URL over https (${env.SITE_URL} is not: sessions ride on Secure cookies)`);
  // Without SMTP, mails would only sit in the outbox: no one receives a reset or confirmation link.
  if (!config.smtpUrl) problems.push('SMTP_URL (smtp://user:password@host:587), and MAIL_FROM');
  if (config.idp?.demoProvider) problems.push('the demo OpenID provider is on: it takes any password');
  if (config.mailbox || config.demo) problems.push('demo mode (demo data, dev mailbox) is on');
  return problems;
};

/** Throws one message naming everything production still needs. */
export const assertProductionSettings = (env: NodeJS.ProcessEnv, config: ServerConfig): void => {
  const problems = productionProblems(env, config);
  if (problems.length > 0)
    throw new ProductionSettingsError(
      `NODE_ENV=production needs: ${problems.join('; ')}. See README 'Operating it' (production checklist).`,
    );
};
