/** The passkeys flow's rules (machines/form/README.md: File roles). */
import { type RenamePasskeyInput, RenamePasskeyRequestWire } from '../../api/contract/passkeys';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { Passkey, PasskeysContext, PasskeysField } from './passkeys.types';

/** spec 8: a server's field error on the name stands under it; any other code is said by the form. */
export const PASSKEYS_PLACES: FormPlaces<PasskeysField> = { fields: ['name'] };

/** docs/decisions/security.md Passkeys (Naming): the contract's rule, 1 to 64 characters. */
export const nameErrors = (context: Pick<PasskeysContext, 'name'>): FieldErrors<PasskeysField> =>
  firstErrorPerField(formErrors(RenamePasskeyRequestWire, { name: context.name }), PASSKEYS_PLACES.fields);

export const isNameValid = (context: Pick<PasskeysContext, 'name'>): boolean =>
  Object.keys(nameErrors(context)).length === 0;

/** The rename call: the chosen passkey and its new name, trimmed as the server keeps it. */
export const renameInputOf = (context: PasskeysContext): RenamePasskeyInput => ({
  id: context.chosen ?? 0,
  name: context.name.trim(),
});

/** The passkey being renamed or removed. */
export const chosenPasskey = (context: Pick<PasskeysContext, 'passkeys' | 'chosen'>): Passkey | undefined =>
  context.passkeys.find((passkey) => passkey.id === context.chosen);
