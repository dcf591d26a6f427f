/** The profileEdit model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import type { SavedProfile } from '../../api/contract/profile';
import { type ModelSamples, refusal } from '../../test/model/samples';
import { aProfile } from '../../test/profileFixture';
import type { profileEditMachine } from './profileEdit.machine';

type Snapshot = SnapshotFrom<typeof profileEditMachine>;

/** The page's profile the form opens on (a picture inline, so that showing it fetches nothing). */
export const profile = aProfile({
  screenName: 'Ada',
  phone: '+49 170 1234567',
  image: {
    id: '7',
    url: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23bbb'/%3E%3C/svg%3E",
  },
  imageId: '7',
});
const saved: SavedProfile = {
  screenName: 'Ada Lovelace',
  phone: profile.phone,
  department: '',
  position: '',
  bio: '',
  location: profile.location,
  links: profile.links,
  image: null,
  imageId: null,
};

export const profileEditSamples = {
  events: {
    open: (snapshot: Snapshot) => (snapshot.matches('closed') ? [{ profile }] : []),
    // Too short, then long enough: one invalid and one valid screen name (spec 5: 2-100).
    'field.change': (snapshot: Snapshot) =>
      snapshot.context.values.screenName === 'A'
        ? [{ field: 'screenName' as const, value: 'Ada Lovelace' }]
        : [{ field: 'screenName' as const, value: 'A' }],
    'tab.select': (snapshot: Snapshot) => [
      { tab: snapshot.context.tab === 'personal' ? ('social' as const) : ('personal' as const) },
    ],
    'image.change': (snapshot: Snapshot) => (snapshot.context.values.image ? [{ image: null }] : []),
    'xstate.done.actor.saveProfile': [{ output: saved }],
    'xstate.error.actor.saveProfile': [
      refusal('unknown_server_error', {
        fieldErrors: [
          { field: 'phone', code: 'string.phonenumber', message: 'Please enter a valid phone number' },
        ],
      }),
      refusal('rate_limited_error'),
    ],
  },
} satisfies ModelSamples<typeof profileEditMachine>;
