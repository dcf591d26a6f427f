/**
 * How a sign-in ended, as its route decides it (server/routes/auth.ts for a password or a magic link,
 * passkeyLogin.ts for a passkey; each calls the hook at its answers): the metric and the security-event line
 * (server/ops/securityEvents.ts) read it from here, never from the answer's code, so renaming a code cannot silently
 * move logins to another outcome (docs/decisions/operations.md: Operating logs).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import type { ApiProblem } from '../http/problem';
import type { LoginOutcome } from './metrics';

export type { LoginOutcome } from './metrics';

/** The route's hook: this login ended so. */
export const reportLoginOutcome = (c: Context<AppEnv>, outcome: LoginOutcome): void => {
  c.set('loginOutcome', outcome);
};

/** A refusal that reports its outcome: `throw refusedAs(c, 'locked', fail(...))`. */
export const refusedAs = (c: Context<AppEnv>, outcome: LoginOutcome, problem: ApiProblem): ApiProblem => {
  reportLoginOutcome(c, outcome);
  return problem;
};

/**
 * What the route reported; a login it never reached is rate-limited (429 from the limiter in front of it) or
 * refused before any check (a malformed body, a fault): 'other'.
 */
export const loginOutcomeOf = (c: Context<AppEnv>): LoginOutcome =>
  c.get('loginOutcome') ?? (c.res.status === 429 ? 'rate_limited' : 'other');
