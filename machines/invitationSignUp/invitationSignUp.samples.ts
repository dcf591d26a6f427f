/** The invitationSignUp model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { InviteInfo } from '../../api/contract/registration';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { invitationSignUpMachine } from './invitationSignUp.machine';

type Snapshot = SnapshotFrom<typeof invitationSignUpMachine>;

export const INVITE: InviteInfo = {
  user: { screenName: 'Ivy', email: 'invitee@example.com', isReader: false, subdomain: 'demo' },
  // Its own wording and terms address (the reserved .example domain); no privacy address: the site's page.
  organisation: {
    name: 'CeramTec',
    subdomain: 'ceramtec',
    terms: { wording: 'ceramtec', termsUrl: 'https://ceramtec.example/terms', privacyUrl: null },
  },
  channel: { subdomain: 'demo', name: 'Demo Channel', url: 'https://demo-ceramtec.example.test' },
  invitee: { imageUrl: null, screenName: 'Ivy Invitee', email: 'invitee@example.com' },
};
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:invitee@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};

export const invitationSignUpSamples = {
  input: { token: 'invite-token' },
  events: {
    // The password first, then a change of the prefilled name: each once, so the walk stays finite.
    'field.change': (snapshot: Snapshot) => {
      const { context } = snapshot;
      if (context.password === '') return [{ field: 'password' as const, value: 'secret1' }];
      if (context.screenName === INVITE.invitee.screenName)
        return [{ field: 'screenName' as const, value: 'Ivy Lovelace' }];
      return [];
    },
    'terms.change': (snapshot: Snapshot) => (snapshot.context.terms ? [] : [{ checked: true }]),
    'details.edit': [{}],
    'xstate.done.actor.checkInvite': [{ output: INVITE }],
    'xstate.error.actor.checkInvite': [refusal('invite_token_invalid_error')],
    'xstate.done.actor.registerInvite': [{ output: { redirectUrl: INVITE.channel.url } }],
    'xstate.error.actor.registerInvite': [
      refusal('invite_token_invalid_error'),
      refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP }),
      refusal('email_already_exist_error'),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.twoFactorSetup': [
      { output: { redirectUrl: INVITE.channel.url, recoveryCodes: ['AB12CD'] } },
    ],
    'xstate.error.actor.twoFactorSetup': [{ error: new Error('setup stopped') }],
  },
} satisfies ModelSamples<typeof invitationSignUpMachine>;
