/**
 * Plain query strings for the router. The router's default parser JSON-decodes values (?token=123 becomes the
 * number 123, ?next=true a boolean); our parameters are tokens and URLs from e-mails and other sites, so every
 * value stays the string the link carried. The first of repeated keys wins, as with URLSearchParams.get.
 */
export function parsePlainSearch(searchStr: string): Record<string, string> {
  const search: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(searchStr.replace(/^\?/, ''))) {
    if (!(key in search)) search[key] = value;
  }
  return search;
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
