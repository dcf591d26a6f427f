/**
 * What the server writes to its logs leaves people out (docs/security.md: Logs): e-mail addresses are masked
 * (j***@example.com: enough to tell two apart in an incident, not enough to write to them), query strings (tokens,
 * e-mails, next links) are dropped so only paths remain, and a failed query's parameters (e-mails, hashes) are left
 * out. Every console line the server writes about a request or a mail goes through here.
 */

/** Wide on purpose: anything shaped like an address is masked, also inside a longer word or a quoted value. */
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** A path (absolute URL or not) followed by a query: the query goes, up to white space, a quote or a fragment. */
const QUERY = /((?:[a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>]+)?\/[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;
/** Drizzle's failed-query message ends with the bound values. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

export const maskEmail = (address: string): string => address.replace(EMAIL, '$1***@$2');

/** A text for the log: addresses masked, queries dropped, query parameters left out. */
export const maskForLog = (text: string): string =>
  text.replace(QUERY_PARAMS, '\nparams: (left out)').replace(QUERY, '$1').replace(EMAIL, '$1***@$2');

/** An error for the log: its stack (or text) and those of its causes, masked. */
export const errorForLog = (error: unknown): string => {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    parts.push(
      current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return maskForLog(parts.join('\ncaused by: '));
};
