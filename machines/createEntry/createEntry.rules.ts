import type { ApiFailure } from '../../api/contract/errorCodes';
import { normaliseChannelSubdomain, normaliseOrganisationSubdomain } from '../../api/contract/limits';
import { type EntryKind, NewChannelForm, NewOrganisationForm } from '../../api/contract/lists';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, firstErrorPerField, type Refusal } from '../form/refusal';
import type { CreateEntryContext } from './createEntry.types';

/** spec 5: the first validation code of the name and of the subdomain (the contract's rule, as the server checks). */
export const entryFieldErrors = (
  context: Pick<CreateEntryContext, 'kind' | 'name' | 'subdomain'>,
): FieldErrors<'name' | 'subdomain'> => {
  const schema = context.kind === 'channel' ? NewChannelForm : NewOrganisationForm;
  return firstErrorPerField(formErrors(schema, { name: context.name.trim(), subdomain: context.subdomain }), [
    'name',
    'subdomain',
  ]);
};

/**
 * A typed subdomain goes through the server's own normalisation as it is typed (docs/decisions/product.md: one subdomain
 * normalisation), so the field shows the address that will be stored.
 */
export const typedSubdomain = (kind: EntryKind, typed: string): string =>
  kind === 'channel' ? normaliseChannelSubdomain(typed) : normaliseOrganisationSubdomain(typed);

/**
 * spec 8: every refusal of the create call (a subdomain taken, or any other) is said under the subdomain, the
 * field the person changes to try again.
 */
export const createEntryRefusal = (failure: ApiFailure): Refusal => ({
  code: failure.code,
  field: 'subdomain',
});
