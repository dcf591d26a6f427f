/**
 * Observability settings from the build environment (import.meta.env). Everything is off unless
 * configured: no DSN means no error reporting, no vendor means no chat widget.
 */
export const CHAT_SUPPORT_VENDORS = ['none', 'crisp', 'intercom'] as const;
export type ChatSupportVendorName = (typeof CHAT_SUPPORT_VENDORS)[number];

export interface ObservabilityConfig {
  sentryDsn: string | undefined;
  /** Vite mode (development, production, fake...), reported as Sentry's environment. */
  environment: string;
  chatSupport: ChatSupportVendorName;
  chatSupportId: string | undefined;
}

type Env = Readonly<Record<string, string | boolean | undefined>>;

const text = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const isVendor = (value: string): value is ChatSupportVendorName =>
  (CHAT_SUPPORT_VENDORS as readonly string[]).includes(value);

export function readObservabilityConfig(env: Env = import.meta.env): ObservabilityConfig {
  const vendor = text(env.VITE_CHAT_SUPPORT)?.toLowerCase() ?? 'none';
  const chatSupportId = text(env.VITE_CHAT_SUPPORT_ID);
  // An unknown vendor, or one without its site id, cannot work: fall back to none rather than half-load.
  const chatSupport = isVendor(vendor) && (vendor === 'none' || chatSupportId) ? vendor : 'none';
  return {
    sentryDsn: text(env.VITE_SENTRY_DSN),
    environment: text(env.MODE) ?? 'production',
    chatSupport,
    chatSupportId,
  };
}
