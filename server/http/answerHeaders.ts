/**
 * Headers every answer of a group must carry (server/http/firstLayer.ts sets the API's), set so that an answer is
 * not rebuilt for them: set before the handler, they go into the Response the handler builds (`c.json` takes the
 * headers prepared on the context); once a Response exists, Hono's `c.header` copies the whole Response for each
 * header it sets (docs/decisions/operations.md: CPU per login beyond argon2). After the handler they are set again only where
 * the final answer lacks them or says otherwise (an error answer built from scratch, a handler's own value), so
 * every answer still ends with exactly these values.
 */
import type { Context } from 'hono';

/** Before the handler: the headers, prepared for the answer it builds. */
export const prepareHeaders = (c: Context, headers: Readonly<Record<string, string>>): void => {
  for (const name in headers) c.header(name, headers[name] as string);
};

/** After it: sets the header where the answer does not already carry it with this value. */
export const ensureHeader = (c: Context, name: string, value: string): void => {
  if (c.res.headers.get(name) !== value) c.header(name, value);
};

/** The same for each of the headers. */
export const ensureHeaders = (c: Context, headers: Readonly<Record<string, string>>): void => {
  for (const name in headers) ensureHeader(c, name, headers[name] as string);
};
