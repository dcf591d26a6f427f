/**
 * Client secrets of identity providers at rest: sealed under the server key (server/security/sealing.ts,
 * docs/decisions/security.md: Server key and rotation) with the organisation and provider as associated data, so a sealed
 * secret copied to another row does not open.
 */
import type { ServerConfig } from '../config';
import { open, seal } from '../security/sealing';
import { keyRingOf } from '../security/serverKey';

type KeyConfig = Pick<ServerConfig, 'production' | 'secretKeys'>;

/** What a sealed secret is bound to: moved to another organisation or provider it no longer opens. */
export const secretContext = (organisationId: number, provider: string): string =>
  `idp:${organisationId}:${provider}`;

export const sealClientSecret = (
  config: KeyConfig,
  secret: string,
  organisationId: number,
  provider: string,
): string => seal(keyRingOf(config), secret, secretContext(organisationId, provider));

/** The client secret; throws when no configured key opens it for this organisation and provider. */
export const openClientSecret = (
  config: KeyConfig,
  sealed: string,
  organisationId: number,
  provider: string,
): string => open(keyRingOf(config), sealed, secretContext(organisationId, provider)).value;
