/**
 * The site's Content-Security-Policy: scripts, styles and fonts from this origin only (the page's inline JSON
 * catalogue is inert, not executed; its one style element and, on a page with a drawn first screen, its one script
 * loader are allowed by their hashes, no other inline script or style), calls to this origin, images from this
 * origin, data/blob URLs (QR codes, previews) and https (profile pictures given by URL). Sentry and the chat
 * widget add exactly what they need, and only when the build is configured with them (the same VITE_* variables,
 * read at start). Nothing may frame the site, but the no-brand pages, which the platform may frame
 * (`frameAncestors`, server/site.ts).
 */
export interface CspSources {
  /** VITE_SENTRY_DSN: errors are sent to its host. */
  sentryDsn?: string | undefined;
  /** VITE_CHAT_SUPPORT: 'crisp' or 'intercom' load their widget. */
  chatSupport?: string | undefined;
  /** TRANSLOADIT_KEY/SECRET set: profile pictures are uploaded to Transloadit and its assembly status read. */
  transloadit?: boolean | undefined;
  /** The page's own inline style elements, by hash (server/pageTemplate.ts). */
  styleHashes?: string[];
  /** The page's own inline script loader, by hash (server/pageTemplate.ts). */
  scriptHashes?: string[];
  /** Who may frame this page; nobody when not given. */
  frameAncestors?: string[];
}

/** Transloadit's upload endpoint and the assembly hosts its status URLs point at. */
const TRANSLOADIT_CONNECT = ['https://api2.transloadit.com', 'https://*.transloadit.com'];

/** What each chat vendor's widget loads and talks to (their own CSP guides). */
const CHAT_VENDORS: Record<string, { script: string[]; connect: string[]; img: string[]; style: string[] }> =
  {
    crisp: {
      script: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
      connect: [
        'https://client.crisp.chat',
        'wss://client.relay.crisp.chat',
        'wss://stream.relay.crisp.chat',
      ],
      img: ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
      // Crisp's widget writes its own style elements.
      style: ['https://client.crisp.chat', "'unsafe-inline'"],
    },
    intercom: {
      script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
      connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com'],
      img: ['https://*.intercomcdn.com', 'https://*.intercom.io'],
      style: ["'unsafe-inline'"],
    },
  };

const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

export const contentSecurityPolicy = ({
  sentryDsn,
  chatSupport,
  transloadit,
  styleHashes = [],
  scriptHashes = [],
  frameAncestors = ["'none'"],
}: CspSources = {}): string => {
  const chat = CHAT_VENDORS[(chatSupport ?? '').toLowerCase()];
  // A hash in style-src makes browsers ignore 'unsafe-inline', which the chat widgets need: with one of them the
  // page's style is allowed by 'unsafe-inline' already.
  const ownStyles = chat?.style.includes("'unsafe-inline'") ? [] : styleHashes;
  const sentry = originOf(sentryDsn);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(chat?.script ?? [])],
    'style-src': ["'self'", ...ownStyles, ...(chat?.style ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': [
      "'self'",
      ...(sentry ? [sentry] : []),
      ...(chat?.connect ?? []),
      ...(transloadit ? TRANSLOADIT_CONNECT : []),
    ],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors,
  };
  if (chat) directives['img-src']?.push(...chat.img);
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
};

/**
 * The sources that may frame a no-brand page: this site and the platform, that is its host and every channel or
 * organisation host under it (docs/decisions/product.md 'Channel hosts are {channel}-{organisation}'). A host that is not a
 * plain host name (with an optional port) adds nothing, so a bad PLATFORM_HOST cannot write CSP directives.
 */
export const platformFrameAncestors = (platformHost: string | undefined): string[] =>
  platformHost && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(platformHost)
    ? ["'self'", platformHost, `*.${platformHost}`]
    : ["'self'"];

/** HSTS for a production site served over https: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
