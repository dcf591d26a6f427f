/** The addPasskey flow's rules (machines/form/README.md: File roles). */
import { type AddPasskeyInput, RenamePasskeyRequestWire } from '../../api/contract/passkeys';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { AddPasskeyContext, AddPasskeyField } from './addPasskey.types';

/** spec 8: a server's field error on the name stands under it; any other code is said by the form. */
export const ADD_PASSKEY_PLACES: FormPlaces<AddPasskeyField> = { fields: ['name'] };

/** A name of spaces only is no name: the server names the passkey after the browser. */
const givenName = (context: Pick<AddPasskeyContext, 'name'>): string | undefined =>
  context.name.trim() === '' ? undefined : context.name;

/** docs/decisions/security.md Passkeys (Naming): no name, or the contract's name rule (1 to 64 characters). */
export const nameErrors = (context: Pick<AddPasskeyContext, 'name'>): FieldErrors<AddPasskeyField> => {
  const name = givenName(context);
  if (name === undefined) return {};
  return firstErrorPerField(formErrors(RenamePasskeyRequestWire, { name }), ADD_PASSKEY_PLACES.fields);
};

export const isNameValid = (context: Pick<AddPasskeyContext, 'name'>): boolean =>
  Object.keys(nameErrors(context)).length === 0;

/** The register call: the browser's passkey and, when the user gave one, its name. */
export const addInputOf = (context: AddPasskeyContext): AddPasskeyInput => {
  const name = givenName(context);
  return {
    credential: context.credential as AddPasskeyInput['credential'],
    ...(name === undefined ? {} : { name: name.trim() }),
  };
};
