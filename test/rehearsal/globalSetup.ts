import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestProvider } from '../../server/idp/testProvider';
import { throwawayCluster } from '../../server/test/throwawayPostgres';
import { launchChromiumServer } from '../e2e/browser';
import { startRealServer } from '../e2e/realServer';
import { freePort } from '../freePort';
import { buildSite } from '../siteBuild';
import { apiClient, expectOk } from './api';
import { startRoundRobin } from './roundRobin';
import { REHEARSAL_ORGANISATIONS, seedByHand } from './seedByHand';
import { startSmtpInbox } from './smtpInbox';

/**
 * The production rehearsal (README): the server as a deployment runs it, with what a deployment has around it.
 * - the production build (shared with the e2e run when it is fresh, test/siteBuild.ts);
 * - Postgres in a throwaway cluster; two instances of the compiled server (A with WORKERS=2, B one process) with
 *   NODE_ENV=production, rate limits on, real CSP and `__Host-` Secure cookies, the same SECRET_KEY and DATA_DIR,
 *   behind a round-robin TCP balancer (roundRobin.ts) on SITE_URL, http://localhost (Chromium's secure context over
 *   plain http);
 * - a real SMTP server (SMTP_URL); the journeys read what arrived over SMTP;
 * - an OpenID provider (oidc-provider) on ANOTHER origin, http://127.0.0.1, for two organisations set as okta and
 *   azure with `npm run idp -- set`;
 * - one Chromium for every rehearsal file.
 */
export const REHEARSAL_PROVIDER_ACCOUNTS = [
  { login: 'olga', email: 'olga@okta.rehearsal.test', name: 'Olga Okta' },
  { login: 'ada', email: 'ada@azure.rehearsal.test', name: 'Ada Azure' },
  { login: 'eve', email: 'eve@elsewhere.test', name: 'Eve Elsewhere' },
];
export const REHEARSAL_AZURE_DOMAIN = 'azure.rehearsal.test';
/** Signed up through the API here; made a member of the organisation that enforces two-factor by hand. */
export const ENFORCED_MEMBER = { email: 'enforced@rehearsal.test', password: 'enforced-password-1' };

const clientOf = (provider: 'okta' | 'azure', siteUrl: string) => ({
  clientId: `${provider}-rehearsal`,
  clientSecret: randomBytes(24).toString('base64url'),
  redirectUris: [`${siteUrl}/auth/${provider}/callback`],
});

export default async function setup(project: TestProject) {
  const stops: Array<() => unknown> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    buildSite('');
    const sitePort = await freePort();
    const siteUrl = `http://localhost:${sitePort}`;

    const mailDir = mkdtempSync(join(tmpdir(), 'rehearsal-mail-'));
    stops.push(() => rmSync(mailDir, { recursive: true, force: true }));
    const smtp = await startSmtpInbox(mailDir);
    stops.push(smtp.close);

    const clients = { okta: clientOf('okta', siteUrl), azure: clientOf('azure', siteUrl) };
    const provider = await startTestProvider({
      accounts: REHEARSAL_PROVIDER_ACCOUNTS,
      clients: Object.values(clients),
    });
    stops.push(provider.close);

    const cluster = await throwawayCluster();
    if (!cluster) throw new Error('the rehearsal needs Debian postgresql (apt-get install -y postgresql)');
    stops.push(cluster.stop);
    const databaseUrl = cluster.serverUrl;

    const secretKey = randomBytes(32).toString('base64');
    // Two instances as a deployment runs them behind a balancer: the same settings and secrets, one Postgres, one
    // uploads folder (DATA_DIR, a shared volume), SITE_URL the balancer's address.
    const uploadsDir = mkdtempSync(join(tmpdir(), 'rehearsal-data-'));
    stops.push(() => rmSync(uploadsDir, { recursive: true, force: true }));
    const sharedEnv = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: uploadsDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Account Rehearsal <no-reply@rehearsal.test>',
      SECRET_KEY: secretKey,
      SITE_URL: siteUrl,
      // Organisation and channel addresses live under the platform's own domain, not the account site's.
      PLATFORM_HOST: 'platform.rehearsal.test',
    };
    const startInstance = async (workers: number, compile: boolean) => {
      const instance = await startRealServer({
        production: true,
        host: 'localhost',
        compile,
        env: { ...sharedEnv, WORKERS: String(workers) },
      });
      stops.push(instance.stop);
      stops.push(() => {
        if (process.env.REHEARSAL_SERVER_LOG) console.log(instance.output());
      });
      return instance;
    };
    // The first migrates the empty database; the second starts once it answers (two first starts at once would
    // both run the migrations). A has WORKERS=2 (the rolling restart's), B is one process.
    const instanceA = await startInstance(2, true);
    const instanceB = await startInstance(1, false);
    const balancer = await startRoundRobin(
      sitePort,
      [instanceA, instanceB].map(({ url }) => Number(new URL(url).port)),
    );
    stops.push(balancer.close);

    // A person signs up as anyone does; the membership that makes two-factor compulsory is made by hand.
    expectOk(
      await apiClient(siteUrl).post('/api/register', {
        email: ENFORCED_MEMBER.email,
        pwd: ENFORCED_MEMBER.password,
        screenName: 'Enno Enforced',
        channelName: 'Enforced Desk',
        subdomain: 'enforceddesk',
      }),
      'the enforced member’s sign-up',
    );
    await seedByHand(databaseUrl, { enforcedMemberEmail: ENFORCED_MEMBER.email });

    // The operator's path for identity providers: npm run idp -- set, the secret on standard input.
    const idp = (kind: 'okta' | 'azure', extra: string[]) =>
      execFileSync(
        'npm',
        [
          'run',
          '--silent',
          'idp',
          '--',
          'set',
          '--organisation',
          REHEARSAL_ORGANISATIONS[kind].subdomain,
          '--provider',
          kind,
          '--issuer',
          provider.issuer,
          '--client-id',
          clients[kind].clientId,
          '--client-secret',
          '-',
          ...extra,
        ],
        {
          input: clients[kind].clientSecret,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATABASE_URL: databaseUrl,
            SECRET_KEY: secretKey,
          },
          encoding: 'utf8',
        },
      );
    idp('okta', []);
    idp('azure', ['--allowed-domains', REHEARSAL_AZURE_DOMAIN]);

    const browser = await launchChromiumServer();
    stops.push(() => browser.close());

    project.provide('rehearsal', {
      siteUrl,
      providerUrl: provider.issuer,
      mailDir,
      browserWsEndpoint: browser.wsEndpoint(),
      instances: [instanceA.url, instanceB.url],
      serverPid: instanceA.pid,
      databaseUrl,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    rehearsal: {
      siteUrl: string;
      providerUrl: string;
      mailDir: string;
      browserWsEndpoint: string;
      /**
       * The two instances' own addresses, behind the balancer on siteUrl (A, B): a journey that must know which one
       * answers calls them directly, with the site's Host and Origin as the balancer passes them on.
       */
      instances: [string, string];
      /** Instance A's primary process (WORKERS=2): the rolling-restart journey signals it. */
      serverPid: number;
      /** The cluster's address, for an operator command run beside the server (npm run brand). */
      databaseUrl: string;
    };
  }
}
