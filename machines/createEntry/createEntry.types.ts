/** The createEntry machine's types (context, events, input); its rules are in createEntry.rules.ts. */
import type { ActorRefFrom } from 'xstate';
import type { Channel, EntryKind, Organisation } from '../../api/contract/lists';
import type { Refusal } from '../form/refusal';
import type { createEntryMachine } from './createEntry.machine';

export interface CreatedEntry {
  name: string;
  subdomain: string;
  /** Where the new entry lives (its web app or organisation URL), for the success panel. */
  url: string;
  /** The new channel or organisation as the list shows it (appended by the route). */
  entry: Channel | Organisation;
}

export interface CreateEntryContext {
  kind: EntryKind;
  name: string;
  subdomain: string;
  /** spec 2: the pencil was used; the subdomain no longer follows the name. */
  subdomainEdited: boolean;
  /** The create call's last refusal, said under the subdomain (createEntryRefusal). */
  error: Refusal | undefined;
  created: CreatedEntry | undefined;
}

export type CreateEntryEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'name.change'; value: string }
  | { type: 'subdomain.edit' }
  | { type: 'subdomain.change'; value: string }
  | { type: 'submit' };

export type CreateEntryActorRef = ActorRefFrom<typeof createEntryMachine>;
