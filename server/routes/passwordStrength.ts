/**
 * POST /api/password_strength (ours: docs/decisions.md: The strength bar is judged by the server): the spec 5
 * strength score of a password being typed, from the judge's worker thread (server/strength/judge.ts), or null when
 * it has no judgement (busy, past its deadline). Public, as the sign-up forms are; the password is read, judged and
 * dropped: no log line, table or answer carries it (the request log writes method, route, status and time only).
 *
 * Rate limit: the passwordStrength bucket counts judge time per address (server/rateLimit.ts). The middleware
 * charges one unit before the judgement; afterwards a judgement that took longer is charged the rest of its time,
 * and one that ran past the deadline also the start of the thread that replaced it.
 */
import { Hono } from 'hono';
import { API_PATHS } from '../../api/contract/paths';
import { PasswordStrengthRequestWire } from '../../api/contract/strength';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { readJson } from '../http/validate';
import { type StrengthOutcome, strengthJudgeDuration, strengthJudgements } from '../ops/metrics';
import { rateLimit } from '../rateLimit';
import { type JudgeOutcome, STRENGTH_DEADLINE_MS } from '../strength/judge';

/** The rate limit's unit of judge time. */
export const STRENGTH_CHARGE_UNIT_MS = 100;

/** Units of judge time beyond the first (which the middleware took) that a judgement is charged. */
export const extraCharge = ({ spentMs, overran }: JudgeOutcome): number => {
  // A replaced thread builds its dictionaries again: about as long as a deadline on this machine, charged as one.
  const restartMs = overran ? STRENGTH_DEADLINE_MS : 0;
  return Math.max(0, Math.ceil((spentMs + restartMs) / STRENGTH_CHARGE_UNIT_MS) - 1);
};

/** What an operator watches of the judge: how often it judges, overruns or cannot, and how long it works. */
export const strengthOutcomeOf = ({ score, overran }: JudgeOutcome): StrengthOutcome =>
  overran ? 'overran' : score === null ? 'not_judged' : 'judged';

const countJudgement = (outcome: JudgeOutcome): void => {
  strengthJudgements.inc({ outcome: strengthOutcomeOf(outcome) });
  if (outcome.spentMs > 0) strengthJudgeDuration.observe(outcome.spentMs / 1000);
};

export const passwordStrengthRoutes = (deps: AppDeps) => {
  const { rateLimiter, strengthJudge, config } = deps;
  return new Hono<AppEnv>().post(
    API_PATHS.judgePasswordStrength.path,
    rateLimit(rateLimiter, 'passwordStrength', config.trustProxy),
    async (c) => {
      const request = await readJson(c, PasswordStrengthRequestWire);
      const outcome = await strengthJudge.judge(request, c.req.raw.signal);
      countJudgement(outcome);
      const extra = extraCharge(outcome);
      if (extra > 0) await rateLimiter.hit('passwordStrength', clientIp(c, config.trustProxy), extra);
      return c.json({ score: outcome.score });
    },
  );
};
