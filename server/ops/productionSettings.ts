/**
 * What production needs before it starts (README 'Operating it', production checklist): everything missing or
 * left at its demo value is named in one message, so an operator fixes them all at once instead of one stack trace
 * at a time. Demo-only behaviour (demo data, the dev mailbox, the demo OpenID provider) is already off in production
 * (server/config.ts); what remains are the settings whose demo defaults would be unsafe or useless there.
 */
import type { ServerConfig } from '../config';

export class ProductionSettingsError extends Error {}

/** The problems with `env` for a production start; none outside production. */
export const productionProblems = (env: NodeJS.ProcessEnv, config: ServerConfig): string[] => {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!env.SECRET_KEY && !env.IDP_SECRET_KEY)
    problems.push('SECRET_KEY (32 random bytes: openssl rand -base64 32)');
  // Set explicitly: its default is this machine's own address, wrong in every mailed link. (A plain-http or local
  // SITE_URL stays allowed: the production rehearsal runs that way on loopback.)
  if (!env.SITE_URL) problems.push("SITE_URL (the site's public address, e.g. https://accounts.example.com)");
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
