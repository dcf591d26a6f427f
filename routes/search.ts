import * as v from 'valibot';
import { TokenSchema } from '../api/contract/common';

/**
 * Search parameters of the routes of spec 2, validated with valibot (the router takes them as standard schemas).
 *
 * Links arrive from e-mails and other sites, so a bad parameter must never break the page: every parameter
 * is optional and anything malformed is dropped (fallback to undefined). Flows decide what a missing value means
 * (spec 4 Set password: an empty token is rejected as invalid before any call; spec 2 Register: no token means
 * sign-up as curator).
 */
const optional = <TSchema extends v.GenericSchema<unknown, string>>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined);

/** A link token (reset, invite, confirm, magic link): the contract's rule, a non-empty trimmed string. */
const token = optional(TokenSchema);
/** A free-text parameter such as a redirect target; checked where it is used (routes/safeRedirect.ts). */
const text = optional(v.string());

/** spec 2 Login: `next`, followed for an already-authenticated visitor. */
export const LoginSearch = v.object({
  next: text,
  // 'Sign in with your organisation' sent back by the server (api/contract/paths.ts IDP_ORGANISATION_QUERY).
  organisation: text,
  organisationError: text,
});
export type LoginSearch = v.InferOutput<typeof LoginSearch>;

/** spec 2 /me: `magicLinkToken` (spec 2 Forgot password magic link) and `redirect`. */
export const MeSearch = v.object({ magicLinkToken: token, redirect: text });
export type MeSearch = v.InferOutput<typeof MeSearch>;

/** spec 2 Set new password, Register (invitation), Confirm: `token`. */
export const TokenSearch = v.object({ token });
export type TokenSearch = v.InferOutput<typeof TokenSearch>;

/** spec 2 Identity-provider error pages: `type`, mapped to a message by the page (spec 8). */
export const IdpErrorSearch = v.object({ type: text });
export type IdpErrorSearch = v.InferOutput<typeof IdpErrorSearch>;
