/**
 * Browser and system of a session, read from its User-Agent by a maintained parser (bowser, MIT): the sessions
 * list and the security notices show them. Only name and major version: enough to recognise a device, no more.
 */
import Bowser from 'bowser';

export interface DeviceDescription {
  browser: string;
  system: string;
}

/** What the list says for a session without a User-Agent, or one the parser cannot read. */
export const UNKNOWN_DEVICE = 'unknown';

const major = (version: string | undefined): string => version?.split('.')[0] ?? '';

export const describeUserAgent = (userAgent: string | null): DeviceDescription => {
  if (!userAgent) return { browser: UNKNOWN_DEVICE, system: UNKNOWN_DEVICE };
  const parser = Bowser.getParser(userAgent);
  const browser = [parser.getBrowserName(), major(parser.getBrowserVersion())].filter(Boolean).join(' ');
  const os = parser.getOS();
  const system = [os.name, os.versionName ?? major(os.version)].filter(Boolean).join(' ');
  return { browser: browser || UNKNOWN_DEVICE, system: system || UNKNOWN_DEVICE };
};

/** One line for a mail: "Firefox 128 on Linux". */
export const deviceLine = (userAgent: string | null): string => {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser} (${system})`;
};

/**
 * Families already read, by user agent: every sign-in asks (seenBrowsers.ts) and the parser's regular expressions
 * are a noticeable part of a login's CPU (docs/decisions/operations.md: CPU per login beyond argon2), while the browsers that
 * sign in are few. The answer depends on the string alone, so a kept one is never wrong. Bounded, least recently
 * used first out, so user agents made up by a caller cannot grow it (each is at most sessions.ts USER_AGENT_MAX).
 */
const families = new Map<string, string>();
export const FAMILY_CACHE_MAX = 1000;

const parseFamily = (userAgent: string): string => {
  const parser = Bowser.getParser(userAgent);
  return `${parser.getBrowserName() || UNKNOWN_DEVICE} on ${parser.getOSName() || UNKNOWN_DEVICE}`;
};

/** A browser without versions, "Firefox on Linux": what 'a browser not seen before' compares (seenBrowsers.ts). */
export const browserFamily = (userAgent: string | null): string => {
  if (!userAgent) return `${UNKNOWN_DEVICE} on ${UNKNOWN_DEVICE}`;
  let family = families.get(userAgent);
  if (family === undefined) {
    family = parseFamily(userAgent);
    if (families.size >= FAMILY_CACHE_MAX) families.delete(families.keys().next().value as string);
  } else families.delete(userAgent);
  // (Re)inserted last: a Map iterates in insertion order, so the first key is the least recently used.
  families.set(userAgent, family);
  return family;
};

/** The user agents whose family is kept, least recently used first (tests of the bound). */
export const keptUserAgents = (): string[] => [...families.keys()];
