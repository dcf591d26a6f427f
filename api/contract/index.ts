/** The single description of the API (ARCHITECTURE.md 5): schemas, domain types, wire <-> domain mapping. */
export * from './auth';
export * from './common';
export * from './errorCodes';
export * from './errorShapes';
export * from './fieldNames';
export * from './images';
export * from './invitations';
export * from './limits';
export * from './lists';
export * from './organisationTerms';
export * from './passkeys';
export * from './paths';
export * from './profile';
export * from './registration';
export * from './security';
export * from './translation';
export * from './validation';
