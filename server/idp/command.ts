/**
 * `npm run idp -- <set|list|remove> ...` (scripts/idp.ts): an operator's way to give an organisation its
 * identity provider. Kept apart from the script so tests run it against a test database.
 */
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config';
import { type OperatorCommandContext, organisationOf, required, UsageError } from '../ops/operatorCommand';
import { isIdpProvider, listIdpSettings, removeIdpSettings, saveIdpSettings } from './settings';

export const IDP_USAGE = `Usage:
  npm run idp -- set --organisation <subdomain> --provider <azure|okta> --issuer <https URL>
                     --client-id <id> --client-secret <secret|-> [--allowed-domains a.com,b.com] [--disabled]
      (--client-secret - reads the secret from standard input, out of the shell history)
  npm run idp -- list
  npm run idp -- remove --organisation <subdomain>`;

export { UsageError };

/** The operator commands' context (server/ops/operatorCommand.ts), with the server's keys and standard input. */
export interface CommandContext extends OperatorCommandContext {
  config: Pick<ServerConfig, 'production' | 'idp' | 'secretKeys'>;
  /** Standard input, for --client-secret - . */
  readSecret: () => Promise<string>;
}

export const runIdpCommand = async (argv: string[], context: CommandContext): Promise<void> => {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      organisation: { type: 'string' },
      provider: { type: 'string' },
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'allowed-domains': { type: 'string' },
      disabled: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const { db, config, now, print } = context;
  switch (action) {
    case 'set': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      const provider = required(values, 'provider');
      if (!isIdpProvider(provider)) throw new UsageError('--provider must be azure or okta');
      const secretArgument = required(values, 'client-secret');
      const clientSecret = secretArgument === '-' ? (await context.readSecret()).trim() : secretArgument;
      if (!clientSecret) throw new UsageError('the client secret is empty');
      await saveIdpSettings(
        db,
        config,
        organisation.id,
        {
          provider,
          issuer: required(values, 'issuer'),
          clientId: required(values, 'client-id'),
          clientSecret,
          allowedDomains: (values['allowed-domains'] ?? '').split(','),
          enabled: !values.disabled,
        },
        now,
      );
      print(
        `${organisation.subdomain}: ${provider} ${values.disabled ? 'saved, disabled' : 'saved, enabled'}`,
      );
      return;
    }
    case 'list': {
      const rows = await listIdpSettings(db);
      if (rows.length === 0) print('No organisation has an identity provider.');
      for (const row of rows) {
        const domains = row.allowedDomains.length ? row.allowedDomains.join(',') : 'any domain';
        const state = row.enabled ? 'enabled' : 'disabled';
        print(`${row.subdomain}\t${row.provider}\t${row.issuer}\t${row.clientId}\t${domains}\t${state}`);
      }
      return;
    }
    case 'remove': {
      const organisation = await organisationOf(db, required(values, 'organisation'));
      const removed = await removeIdpSettings(db, organisation.id);
      print(removed ? `${organisation.subdomain}: removed` : `${organisation.subdomain}: had no settings`);
      return;
    }
    default:
      throw new UsageError(IDP_USAGE);
  }
};
