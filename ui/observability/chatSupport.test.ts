import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChatSupportData,
  chatSupportTags,
  createChatSupport,
  loadChatSupportVendor,
} from './chatSupport';
import { CRISP_SCRIPT } from './crisp';
import { intercomScript } from './intercom';

// The vendors' scripts are never fetched in tests: injection is recorded instead.
const injectScript = vi.hoisted(() => vi.fn());
vi.mock('./injectScript', () => ({ injectScript }));

const data: ChatSupportData = {
  user: { id: 42, screenName: 'Ada', email: 'ada@example.com', avatarUrl: 'https://cdn.example.com/ada.png' },
  role: { name: 'Channel Admin', scope: 'channel' },
  organisation: { id: 'o1', name: 'Channels' },
  channel: { id: 7, name: 'News' },
};

const expectedTags = {
  user_id: '42',
  role: 'Channel Admin',
  role_scope: 'channel',
  organisation_id: 'o1',
  organisation_name: 'Channels',
  channel_id: '7',
  channel_name: 'News',
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  injectScript.mockClear();
  delete window.$crisp;
  delete window.CRISP_WEBSITE_ID;
  delete window.Intercom;
});
afterEach(() => vi.restoreAllMocks());

describe('chatSupportTags', () => {
  it('flattens user, role, organisation and channel', () => {
    expect(chatSupportTags(data)).toEqual(expectedTags);
  });

  it('leaves out what the user does not have', () => {
    expect(chatSupportTags({ ...data, role: null, organisation: null, channel: null })).toEqual({
      user_id: '42',
    });
  });
});

describe('createChatSupport', () => {
  it('none: identify and shutdown do nothing and no script is injected', async () => {
    const chat = createChatSupport({ vendor: 'none', siteId: 'ignored' });
    chat.identify(data);
    chat.shutdown();
    await settle();
    expect(injectScript).not.toHaveBeenCalled();
    expect(window.$crisp).toBeUndefined();
    expect(window.Intercom).toBeUndefined();
  });

  it('defaults to the configuration, which is none in tests', async () => {
    createChatSupport().identify(data);
    await settle();
    expect(injectScript).not.toHaveBeenCalled();
  });

  it('crisp: loads nothing before identify, then injects the script and passes the tags', async () => {
    const chat = createChatSupport({ vendor: 'crisp', siteId: 'site-1' });
    await settle();
    expect(injectScript).not.toHaveBeenCalled();

    chat.identify(data);
    await vi.waitFor(() => expect(injectScript).toHaveBeenCalledWith(CRISP_SCRIPT));
    expect(window.CRISP_WEBSITE_ID).toBe('site-1');
    expect(window.$crisp).toEqual([
      ['set', 'user:email', ['ada@example.com']],
      ['set', 'user:nickname', ['Ada']],
      ['set', 'user:avatar', ['https://cdn.example.com/ada.png']],
      ['set', 'session:data', [Object.entries(expectedTags)]],
      ['set', 'session:segments', [['Channel Admin']]],
    ]);

    chat.shutdown();
    await settle();
    expect(window.$crisp?.at(-1)).toEqual(['do', 'session:reset']);
  });

  it('intercom: injects the widget for the app id and boots, then updates, with the tags', async () => {
    const chat = createChatSupport({ vendor: 'intercom', siteId: 'app 1' });
    chat.identify(data);
    chat.identify({ ...data, channel: { id: 8, name: 'Sport' } });
    chat.shutdown();
    await vi.waitFor(() => expect(window.Intercom?.q).toHaveLength(3));
    expect(injectScript).toHaveBeenCalledTimes(1);
    expect(injectScript).toHaveBeenCalledWith(intercomScript('app 1'));
    expect(intercomScript('app 1')).toBe('https://widget.intercom.io/widget/app%201');

    const [boot, update, shutdown] = window.Intercom?.q ?? [];
    expect(boot).toEqual([
      'boot',
      {
        app_id: 'app 1',
        name: 'Ada',
        email: 'ada@example.com',
        avatar: { type: 'avatar', image_url: 'https://cdn.example.com/ada.png' },
        company: { company_id: 'o1', name: 'Channels' },
        ...expectedTags,
      },
    ]);
    expect(update?.[0]).toBe('update');
    expect(update?.[1]).toMatchObject({ channel_id: '8', channel_name: 'Sport' });
    expect(shutdown).toEqual(['shutdown']);
  });

  it('treats a vendor without site id as none', async () => {
    const vendor = await loadChatSupportVendor({ vendor: 'crisp', siteId: undefined });
    vendor.identify(data);
    expect(injectScript).not.toHaveBeenCalled();
    expect(window.$crisp).toBeUndefined();
  });
});
