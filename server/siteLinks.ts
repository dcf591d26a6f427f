import type { ServerConfig } from './config';

/** An absolute link into the site (mails): siteLink(config, '/confirm', {token}) -> https://site/confirm?token=... */
export const siteLink = (
  config: Pick<ServerConfig, 'siteUrl'>,
  path: string,
  query: Record<string, string> = {},
): string => {
  const url = new URL(`${config.siteUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
};
