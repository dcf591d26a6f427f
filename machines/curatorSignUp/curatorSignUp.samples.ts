/** The curatorSignUp model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { curatorSignUpMachine } from './curatorSignUp.machine';
import type { CuratorField } from './curatorSignUp.types';

type Snapshot = SnapshotFrom<typeof curatorSignUpMachine>;

const VALUES: Record<Exclude<CuratorField, 'channelSubdomain'>, string> = {
  // Folded to the valid 'mullersohnenews' (the server accepts it: server/routes/registration.test.ts).
  channelName: 'Müller & Söhne News',
  screenName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
};

/** One field at a time, in form order, each with a valid value; the subdomain by hand once its field is open. */
const nextFieldChange = (snapshot: Snapshot) => {
  const { context } = snapshot;
  const empty = (Object.keys(VALUES) as (keyof typeof VALUES)[]).find((field) => context[field] === '');
  if (empty) return [{ field: empty, value: VALUES[empty] }];
  if (context.subdomainOpen && !context.subdomain.manual)
    return [{ field: 'channelSubdomain' as const, value: 'nights' }];
  return [];
};

export const curatorSignUpSamples = {
  events: {
    'field.change': nextFieldChange,
    'terms.change': (snapshot: Snapshot) => (snapshot.context.terms ? [] : [{ checked: true }]),
    'xstate.done.actor.registerCurator': [{ output: { redirectUrl: '/me' } }],
    'xstate.error.actor.registerCurator': [
      refusal('email_already_exist_error'),
      refusal('channel_subdomain_already_exist_error'),
      refusal('rate_limited_error'),
    ],
  },
} satisfies ModelSamples<typeof curatorSignUpMachine>;
