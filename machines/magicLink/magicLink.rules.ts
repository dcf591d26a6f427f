/**
 * The magic-link sign-in's vocabulary (spec 2 /me: query magicLinkToken and redirect; spec 2 Forgot password
 * magic-link variant; spec 8). Kept apart from the machine so the machine file reads as the flow.
 */
import type { LoginResult } from '../../api/contract/auth';
import type { ErrorCode } from '../../api/contract/errorCodes';

/**
 * Where to go once signed in: the server-given redirectUrl first (as after a login), else the link's own
 * `redirect`, else null, which means /me.
 */
export const continueTarget = (result: LoginResult, redirect: string | undefined): string | null =>
  result.redirectUrl ?? redirect ?? null;

/**
 * spec 8 magic_link_invalid_error: the link was used or has expired (the failure page says so plainly); trying
 * again cannot change it, unlike any other failure.
 */
export const isUsedOrExpired = (code: ErrorCode): boolean => code === 'magic_link_invalid_error';
