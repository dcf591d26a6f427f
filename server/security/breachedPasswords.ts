/**
 * The breached-password check (docs/decisions/security.md: Breached passwords): a new password (sign-up, set new
 * password, change password) is looked up in a range service in the shape of Have I Been Pwned's Pwned Passwords
 * API. Only the first 5 hex characters of the password's SHA-1 leave the server (k-anonymity); the service answers
 * every suffix it knows under that prefix (`SUFFIX:COUNT` lines, padded with count-0 lines when asked), and the
 * suffix is compared here. A password found is refused with how often it was seen; a service that is down, slow or
 * answers nonsense skips the check (logged, never the password or its hash): a sign-up never waits on it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../config';
import { fail } from '../http/problem';
import { serverLog } from '../ops/logger';

export interface BreachedPasswordSettings {
  /** PWNED_PASSWORDS_URL: the range endpoint's base; `${url}/range/${prefix}` is asked. */
  url: string;
  /** PWNED_PASSWORDS_TIMEOUT_MS: the whole request, answer included; past it the check is skipped. */
  timeoutMs: number;
}

/** How long the check may take unless said otherwise: a sign-up does not wait on a slow service longer. */
export const BREACHED_PASSWORDS_TIMEOUT_DEFAULT_MS = 1500;
/**
 * A range answer is about 800 suffixes (about 30 KB, 40 KB padded); anything much larger is not the service's
 * answer, and is not read past this.
 */
export const RANGE_ANSWER_MAX_BYTES = 256 * 1024;

const PREFIX_LENGTH = 5;
const SUFFIX = /^([0-9A-F]{35}):(\d{1,12})$/;

/** How often the password was seen (0: not seen), or null when the service could not say. */
export type BreachCount = number | null;

export type BreachedPasswordCheck = (password: string) => Promise<BreachCount>;

const sha1Hex = (password: string): string =>
  createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();

/** The answer's text, read no further than RANGE_ANSWER_MAX_BYTES; null past it. */
const boundedText = async (answer: Response): Promise<string | null> => {
  const reader = answer.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > RANGE_ANSWER_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** The count of `suffix` in a range answer; padding lines (count 0) and lines of another shape count nothing. */
export const countInRange = (answer: string, suffix: string): number => {
  const wanted = Buffer.from(suffix, 'ascii');
  let found = 0;
  for (const line of answer.split(/\r?\n/)) {
    const match = SUFFIX.exec(line.trim().toUpperCase());
    if (!match?.[1] || !match[2]) continue;
    // Compared in constant time, though the suffixes are the service's, not secrets: one way of comparing hashes.
    if (timingSafeEqual(Buffer.from(match[1], 'ascii'), wanted)) found = Math.max(found, Number(match[2]));
  }
  return found;
};

/**
 * The check for `settings`; undefined settings (PWNED_PASSWORDS_URL unset): no check, nothing is asked. `fetchRange`
 * is the network (tests give their own).
 */
export const breachedPasswordCheck = (
  settings: BreachedPasswordSettings | undefined,
  fetchRange: typeof fetch = fetch,
): BreachedPasswordCheck => {
  if (!settings) return async () => 0;
  const base = settings.url.replace(/\/+$/, '');
  return async (password) => {
    const hash = sha1Hex(password);
    const prefix = hash.slice(0, PREFIX_LENGTH);
    const started = Date.now();
    try {
      const answer = await fetchRange(`${base}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true', accept: 'text/plain' },
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!answer.ok) throw new Error(`the range service answered ${answer.status}`);
      const text = await boundedText(answer);
      if (text === null) throw new Error(`the range answer passed ${RANGE_ANSWER_MAX_BYTES} bytes`);
      return countInRange(text, hash.slice(PREFIX_LENGTH));
    } catch (error) {
      // Neither the password nor its hash: the reason and the time it took.
      serverLog().warn(
        { event: 'breached_password_check_skipped', ms: Date.now() - started, reason: reasonOf(error) },
        'breached-password check skipped',
      );
      return null;
    }
  };
};

const reasonOf = (error: unknown): string =>
  error instanceof Error
    ? error.name === 'TimeoutError'
      ? 'timeout'
      : error.message.slice(0, 200)
    : 'unknown';

/** One check per settings object: the server's config, or a test's. */
const checks = new WeakMap<object, BreachedPasswordCheck>();
const NO_CHECK: BreachedPasswordCheck = async () => 0;

/**
 * The one place a new password meets the check (sign-up, set new password, change password), before it is hashed:
 * refused with password_breached_error and how often it was seen; a skipped check lets it through.
 */
export const refuseBreachedPassword = async (
  config: Pick<ServerConfig, 'breachedPasswords'>,
  password: string,
): Promise<void> => {
  const settings = config.breachedPasswords;
  let check = settings ? checks.get(settings) : NO_CHECK;
  if (!check && settings) {
    check = breachedPasswordCheck(settings);
    checks.set(settings, check);
  }
  const count = await (check ?? NO_CHECK)(password);
  if (count) throw fail('password_breached_error', { details: { count } });
};
