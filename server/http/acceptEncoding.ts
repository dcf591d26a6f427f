/** Accept-Encoding read once for the whole server: the page (sitePage.ts) and compressed API answers. */

/** Whether Accept-Encoding takes `encoding` (listed, and not with q=0). */
export const acceptsEncoding = (header: string | undefined, encoding: string): boolean =>
  (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return name.trim().toLowerCase() === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });

/** The encoding to send: brotli when taken, else gzip, else none. */
export const chosenEncoding = (header: string | undefined): 'br' | 'gzip' | undefined =>
  acceptsEncoding(header, 'br') ? 'br' : acceptsEncoding(header, 'gzip') ? 'gzip' : undefined;
