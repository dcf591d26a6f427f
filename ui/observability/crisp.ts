import { type ChatSupportData, type ChatSupportVendor, chatSupportTags } from './chatSupportData';
import { injectScript } from './injectScript';

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

export const CRISP_SCRIPT = 'https://client.crisp.chat/l.js';

/**
 * Crisp: commands are pushed onto window.$crisp, which the widget replays once its script has loaded
 * (and keeps accepting afterwards), so identify works before the widget is there.
 */
export function createCrispVendor(websiteId: string): ChatSupportVendor {
  window.$crisp = window.$crisp ?? [];
  window.CRISP_WEBSITE_ID = websiteId;
  injectScript(CRISP_SCRIPT);
  const push = (command: unknown[]) => window.$crisp?.push(command);
  return {
    identify(data: ChatSupportData) {
      push(['set', 'user:email', [data.user.email]]);
      push(['set', 'user:nickname', [data.user.screenName]]);
      if (data.user.avatarUrl) push(['set', 'user:avatar', [data.user.avatarUrl]]);
      push(['set', 'session:data', [Object.entries(chatSupportTags(data))]]);
      if (data.role) push(['set', 'session:segments', [[data.role.name]]]);
    },
    shutdown() {
      push(['do', 'session:reset']);
    },
  };
}
