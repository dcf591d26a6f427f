import type { StoredStartFields } from '../../machines/startByCompanyId/startByCompanyId.types';

/** spec 3 Start fields: the local-storage keys of the three fields the start page keeps. */
export const START_STORAGE_KEYS = {
  organisationSubdomain: 'start:organisationSubdomain',
  userCompanyId: 'start:userCompanyId',
  userLastName: 'start:userLastName',
} as const satisfies Record<keyof StoredStartFields, string>;

type Field = keyof StoredStartFields;
const FIELDS = Object.keys(START_STORAGE_KEYS) as Field[];

// Storage can be missing or refuse (private mode, quota): the page then simply forgets, it never breaks.
const attempt = <T>(action: () => T, otherwise: T): T => {
  try {
    return action();
  } catch {
    return otherwise;
  }
};

/** What local storage holds (spec 3: restored on reload). */
export const readStoredStart = (storage: Storage = localStorage): Partial<StoredStartFields> => {
  const stored: Partial<StoredStartFields> = {};
  for (const field of FIELDS) {
    const value = attempt(() => storage.getItem(START_STORAGE_KEYS[field]), null);
    if (value !== null) stored[field] = value;
  }
  return stored;
};

const remove = (storage: Storage, fields: readonly Field[]) => {
  for (const field of fields) attempt(() => storage.removeItem(START_STORAGE_KEYS[field]), undefined);
};

/** The start machine's storage effects (machines/startByCompanyId), on the given storage. */
export const startStorageActions = (storage: Storage = localStorage) => ({
  storeFields: ({ context }: { context: StoredStartFields }) => {
    for (const field of FIELDS)
      attempt(() => storage.setItem(START_STORAGE_KEYS[field], context[field]), undefined);
  },
  clearStoredFields: () => remove(storage, FIELDS),
  clearStoredIdentity: () => remove(storage, ['userCompanyId', 'userLastName']),
});
