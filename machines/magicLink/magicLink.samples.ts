/** The magicLink model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { magicLinkMachine } from './magicLink.machine';

export const magicLinkSamples = {
  input: { token: 'link-token', redirect: '/root/me?tab=channels' },
  events: {
    'xstate.done.actor.exchangeMagicLink': [
      { output: { redirectUrl: null } },
      { output: { redirectUrl: 'http://acme.platform.test/webapp' } },
    ],
    'xstate.error.actor.exchangeMagicLink': [
      refusal('magic_link_invalid_error'),
      refusal('rate_limited_error'),
    ],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof magicLinkMachine>;
