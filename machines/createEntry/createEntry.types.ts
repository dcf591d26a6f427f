import type { ActorRefFrom } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { normaliseChannelSubdomain, normaliseOrganisationSubdomain } from '../../api/contract/limits';
import {
  type Channel,
  type EntryKind,
  NewChannelForm,
  NewOrganisationForm,
  type Organisation,
} from '../../api/contract/lists';
import { formErrors } from '../../api/contract/validation';
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
  error: ErrorCode | undefined;
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

/** spec 5: the first validation code of the name and of the subdomain (the contract's rule, as the server checks). */
export const entryFieldErrors = (
  context: Pick<CreateEntryContext, 'kind' | 'name' | 'subdomain'>,
): Partial<Record<'name' | 'subdomain', string>> => {
  const schema = context.kind === 'channel' ? NewChannelForm : NewOrganisationForm;
  const errors: Partial<Record<'name' | 'subdomain', string>> = {};
  for (const error of formErrors(schema, { name: context.name.trim(), subdomain: context.subdomain }))
    errors[error.field as 'name' | 'subdomain'] ??= error.code;
  return errors;
};

/**
 * A typed subdomain goes through the server's own normalisation as it is typed (docs/decisions.md: one subdomain
 * normalisation), so the field shows the address that will be stored.
 */
export const typedSubdomain = (kind: EntryKind, typed: string): string =>
  kind === 'channel' ? normaliseChannelSubdomain(typed) : normaliseOrganisationSubdomain(typed);
