/**
 * spec 8 identity-provider error types, the `type` of /auth/{provider}/error, spelled as the site's error page reads
 * them (i18n/errorMessages.ts IDP_ERROR_TYPES, which the server cannot import: it goes through Lingui's macro;
 * server/idp/errorTypes.test.ts keeps the two equal). 'unknown' falls to the page's 'Unknown server error'.
 */
export const IDP_FAILURE = {
  missingOrganisationCredentials: 'missing_organisation_credentials',
  bannedUser: 'banned_user',
  missingOrganisation: 'missing_organisation',
  invalidAuthCode: 'invalid_auth_code',
  noChannels: 'no_channels',
  unknown: 'unknown',
} as const;
export type IdpFailure = (typeof IDP_FAILURE)[keyof typeof IDP_FAILURE];

/** A refusal on the way through the flow, carried to the error redirect. */
export class IdpRefusal extends Error {
  constructor(
    readonly type: IdpFailure,
    reason: string,
  ) {
    super(reason);
  }
}
