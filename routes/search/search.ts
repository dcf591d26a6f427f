import * as v from 'valibot';
import { TokenSchema } from '../../api/contract/common';
import {
  CHANNEL_SORT_KEYS,
  ORGANISATION_SORT_KEYS,
  SEARCH_MAX,
  SORT_DIRECTIONS,
} from '../../api/contract/limits';

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
/** A free-text parameter such as a redirect target; checked where it is used (routes/site/safeRedirect.ts). */
const text = optional(v.string());

/** spec 2 Login: `next`, followed for an already-authenticated visitor. */
export const LoginSearch = v.object({
  next: text,
  // 'Sign in with your organisation' sent back by the server (api/contract/paths.ts IDP_ORGANISATION_QUERY).
  organisation: text,
  organisationError: text,
  // Why the site itself sent the visitor here (ui/login/LoginNotice.tsx): their session ended, their account went.
  notice: optional(v.picklist(['signedOut', 'accountDeleted'])),
});
export type LoginSearch = v.InferOutput<typeof LoginSearch>;

/** A page number from 1 (the router hands back what a navigation wrote, so a number is taken too). */
const page = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(String),
      v.regex(/^[1-9]\d{0,5}$/),
      v.transform(Number),
    ),
  ),
  undefined,
);
/** A list's order as `<column>.<asc|desc>` (`created.desc`), for the columns that list has. */
const sortOf = (keys: readonly string[]) =>
  optional(v.picklist(keys.flatMap((key) => SORT_DIRECTIONS.map((direction) => `${key}.${direction}`))));

/**
 * spec 2 /me: `magicLinkToken` (spec 2 Forgot password magic link) and `redirect`; and where the lists are
 * (docs/decisions/product.md: Lists in the address): the tab (`list`), the search (`q`), each list's page and order.
 */
export const MeSearch = v.object({
  magicLinkToken: token,
  redirect: text,
  list: optional(v.picklist(['channels', 'organisations'])),
  q: optional(v.pipe(v.string(), v.maxLength(SEARCH_MAX))),
  channelsPage: page,
  channelsSort: sortOf(CHANNEL_SORT_KEYS),
  organisationsPage: page,
  organisationsSort: sortOf(ORGANISATION_SORT_KEYS),
});
export type MeSearch = v.InferOutput<typeof MeSearch>;

/** spec 2 Set new password, Register (invitation), Confirm: `token`. */
export const TokenSearch = v.object({ token });
export type TokenSearch = v.InferOutput<typeof TokenSearch>;

/** spec 2 Identity-provider error pages: `type`, mapped to a message by the page (spec 8). */
export const IdpErrorSearch = v.object({ type: text });
export type IdpErrorSearch = v.InferOutput<typeof IdpErrorSearch>;
