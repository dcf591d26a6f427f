import { type ChatSupportData, type ChatSupportVendor, chatSupportTags } from './chatSupportData';
import { injectScript } from './injectScript';

type IntercomCommand = [command: string, ...args: unknown[]];
interface IntercomStub {
  (...args: IntercomCommand): void;
  q?: IntercomCommand[];
}

declare global {
  interface Window {
    Intercom?: IntercomStub;
  }
}

export const intercomScript = (appId: string) =>
  `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;

/** Intercom's own loader pattern: a stub that queues calls until the widget script replaces it. */
function installQueue(): void {
  if (window.Intercom) return;
  const stub: IntercomStub = (...args) => {
    stub.q?.push(args);
  };
  stub.q = [];
  window.Intercom = stub;
}

export function createIntercomVendor(appId: string): ChatSupportVendor {
  installQueue();
  injectScript(intercomScript(appId));
  let booted = false;
  return {
    identify(data: ChatSupportData) {
      const settings = {
        app_id: appId,
        name: data.user.screenName,
        email: data.user.email,
        ...(data.user.avatarUrl ? { avatar: { type: 'avatar', image_url: data.user.avatarUrl } } : {}),
        ...(data.organisation
          ? { company: { company_id: String(data.organisation.id), name: data.organisation.name } }
          : {}),
        // Custom attributes (role, channel...) sit at the top level in Intercom.
        ...chatSupportTags(data),
      };
      window.Intercom?.(booted ? 'update' : 'boot', settings);
      booted = true;
    },
    shutdown() {
      if (booted) window.Intercom?.('shutdown');
      booted = false;
    },
  };
}
