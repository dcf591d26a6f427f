/**
 * POST /api/password_strength through the app: scores with the user's own words, hostile input refused with 400
 * (never a 5xx, never the password echoed), and the per-address limit, which charges judge time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { STRENGTH_USER_INPUTS_MAX } from '../../api/contract/strength';
import { createApp } from '../app';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { STRENGTH_DEADLINE_MS, StrengthJudge } from '../strength/judge';
import { metricValue } from '../test/metrics';
import { createTestApp, type TestApp, TestClient } from '../test/testApp';
import { extraCharge, STRENGTH_CHARGE_UNIT_MS, strengthOutcomeOf } from './passwordStrength';

const PATH = API_PATHS.judgePasswordStrength.path;
const LIMIT = 12;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      trustProxy: true,
      rateLimits: { ...DEFAULT_RATE_LIMITS, passwordStrength: { max: LIMIT, windowMs: 60_000 } },
    },
  });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const judge = (body: unknown, ip = '192.0.2.40') =>
  t.client().post<{ score: number | null }>(PATH, body, from(ip));

describe('POST /api/password_strength', () => {
  it('is counted for the operator: judgements by outcome and the judge time of each', async () => {
    const judgedBefore = await metricValue('password_strength_judgements_total', { outcome: 'judged' });
    const timedBefore = await metricValue('password_strength_judge_seconds_count');
    expect((await judge({ password: 'Schmetterling', language: 'en', userInputs: [] })).body.score).toBe(4);
    expect(await metricValue('password_strength_judgements_total', { outcome: 'judged' })).toBe(
      judgedBefore + 1,
    );
    expect(await metricValue('password_strength_judge_seconds_count')).toBe(timedBefore + 1);
    expect(strengthOutcomeOf({ score: null, spentMs: 0, overran: false })).toBe('not_judged');
    expect(strengthOutcomeOf({ score: null, spentMs: 1000, overran: true })).toBe('overran');
    expect(strengthOutcomeOf({ score: 0, spentMs: 3, overran: false })).toBe('judged');
  }, 30_000);

  it('scores in the language asked for, treating the user inputs as known', async () => {
    expect(await judge({ password: 'Schmetterling', language: 'en', userInputs: [] })).toMatchObject({
      status: 200,
      body: { score: 4 },
    });
    expect((await judge({ password: 'Schmetterling', language: 'de', userInputs: [] })).body).toEqual({
      score: 1,
    });
    const own = await judge({
      password: 'ada.lovelace1815',
      language: 'en',
      userInputs: ['ada.lovelace1815'],
    });
    const other = await judge({ password: 'ada.lovelace1815', language: 'en', userInputs: [] });
    expect(own.body.score).toBeLessThan(other.body.score ?? 0);
  }, 30_000);

  it.each([
    [
      'a password past the form maximum',
      { password: 'x'.repeat(PASSWORD_MAX + 1), language: 'en', userInputs: [] },
    ],
    ['an unknown language', { password: 'secret-typed', language: 'fr', userInputs: [] }],
    [
      'too many user inputs',
      { password: 'secret-typed', language: 'en', userInputs: Array(STRENGTH_USER_INPUTS_MAX + 1).fill('a') },
    ],
    ['a user input too long', { password: 'secret-typed', language: 'en', userInputs: ['a'.repeat(161)] }],
    ['no user inputs at all', { password: 'secret-typed', language: 'en' }],
    ['a password that is not text', { password: 12345678, language: 'en', userInputs: [] }],
  ])('refuses %s with 400 and does not echo the password', async (_what, body) => {
    const answer = await judge(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ name: 'FieldValidationError' });
    expect(JSON.stringify(answer.body)).not.toContain('secret-typed');
  });

  it('answers 429 rate_limited_error once an address has spent its judge time', async () => {
    const body = { password: 'password', language: 'en', userInputs: [] };
    for (let i = 0; i < LIMIT; i += 1) expect((await judge(body)).status).toBe(200);
    const limited = await judge(body);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'rate_limited_error' });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await judge(body, '192.0.2.41')).status).toBe(200);
  }, 30_000);

  it('charges a judgement past its deadline the deadline and the new thread: the next call is over the limit', async () => {
    // A judge whose deadline any long repetitive password overruns, however fast the machine (on a quiet one 128
    // repeated characters take 0.7-1 s, about the real deadline); the charge counts a thread's restart as a full
    // deadline all the same (extraCharge).
    const strict = new StrengthJudge({ deadlineMs: 20 });
    try {
      const client = new TestClient(createApp({ ...t.deps, strengthJudge: strict }));
      const strictJudge = (body: unknown) =>
        client.post<{ score: number | null }>(PATH, body, from('192.0.2.40'));
      // One unit spent first: the overrun's charge (one unit, then at least ten) then takes the address to the limit.
      expect((await strictJudge({ password: 'password', language: 'en', userInputs: [] })).status).toBe(200);
      const hostile = { password: '1'.repeat(PASSWORD_MAX), language: 'en', userInputs: [] };
      expect(await strictJudge(hostile)).toMatchObject({ status: 200, body: { score: null } });
      expect((await strictJudge({ password: 'x', language: 'en', userInputs: [] })).status).toBe(429);
    } finally {
      await strict.close();
    }
  }, 30_000);
});

describe('extraCharge', () => {
  it('charges whole units of judge time beyond the first, and a replaced thread as one deadline', () => {
    expect(extraCharge({ score: 0, spentMs: 3, overran: false })).toBe(0);
    expect(extraCharge({ score: 0, spentMs: STRENGTH_CHARGE_UNIT_MS + 1, overran: false })).toBe(1);
    expect(extraCharge({ score: null, spentMs: 0, overran: false })).toBe(0);
    expect(extraCharge({ score: null, spentMs: STRENGTH_DEADLINE_MS, overran: true })).toBe(
      (2 * STRENGTH_DEADLINE_MS) / STRENGTH_CHARGE_UNIT_MS - 1,
    );
  });
});
