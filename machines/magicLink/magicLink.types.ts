/**
 * The magic-link sign-in's vocabulary (spec 2 /me: query magicLinkToken and redirect; spec 2 Forgot password
 * magic-link variant; spec 8). Kept apart from the machine so the machine file reads as the flow.
 */
import type { LoginResult, MagicLinkInput } from '../../api/contract/auth';
import type { Refusal } from '../form/refusal';

export type { LoginResult, MagicLinkInput };

export interface MagicLinkMachineInput {
  /** The `magicLinkToken` query parameter of /me. */
  token: string;
  /** The `redirect` query parameter of /me; checked by the route before it is followed (docs/decisions/security.md: Redirect targets). */
  redirect?: string | undefined;
}

export interface MagicLinkContext {
  token: string;
  redirect: string | undefined;
  /** After the exchange: where the page goes next, unchecked (the route's continueTo checks it); null: /me. */
  target: string | null;
  /**
   * The last exchange's refusal (spec 8): magic_link_invalid_error when the link was used or expired (the page
   * says so), else another code, said above the Sign in button to try again.
   */
  error: Refusal | undefined;
}
