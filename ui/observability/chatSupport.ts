import type { ChatSupportData, ChatSupportVendor } from './chatSupportData';
import { type ChatSupportVendorName, readObservabilityConfig } from './config';

export type { ChatSupportData, ChatSupportVendor } from './chatSupportData';
export { chatSupportTags } from './chatSupportData';

/** The `none` vendor: chat support switched off. */
export const noChatSupport: ChatSupportVendor = {
  identify() {},
  shutdown() {},
};

type VendorFactory = (siteId: string) => ChatSupportVendor;

// Each adapter is its own lazy chunk; only the configured one is ever downloaded.
const adapters: Record<Exclude<ChatSupportVendorName, 'none'>, () => Promise<VendorFactory>> = {
  crisp: () => import('./crisp').then((module) => module.createCrispVendor),
  intercom: () => import('./intercom').then((module) => module.createIntercomVendor),
};

export interface ChatSupportOptions {
  vendor: ChatSupportVendorName;
  siteId: string | undefined;
}

/** Loads the vendor adapter, which injects the vendor's script tag. */
export async function loadChatSupportVendor({
  vendor,
  siteId,
}: ChatSupportOptions): Promise<ChatSupportVendor> {
  if (vendor === 'none' || !siteId) return noChatSupport;
  const create = await adapters[vendor]();
  return create(siteId);
}

const fromConfig = (): ChatSupportOptions => {
  const config = readObservabilityConfig();
  return { vendor: config.chatSupport, siteId: config.chatSupportId };
};

/**
 * The chat support the app talks to, chosen by configuration (VITE_CHAT_SUPPORT / VITE_CHAT_SUPPORT_ID).
 * Nothing is downloaded until the first identify (a known user), and calls made while the adapter loads
 * run in order once it is there.
 */
export function createChatSupport(options: ChatSupportOptions = fromConfig()): ChatSupportVendor {
  if (options.vendor === 'none' || !options.siteId) return noChatSupport;
  let vendor: Promise<ChatSupportVendor> | undefined;
  const ignore = () => {
    // Chat support is a convenience: a blocked vendor script must not surface as an app error.
  };
  return {
    identify(data: ChatSupportData) {
      vendor ??= loadChatSupportVendor(options);
      vendor.then((loaded) => loaded.identify(data), ignore);
    },
    shutdown() {
      vendor?.then((loaded) => loaded.shutdown(), ignore);
    },
  };
}
