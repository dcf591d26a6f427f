/**
 * A stream's text read no further than `maxBytes`: a body posted to us (server/routes/formPosts.ts) or an answer we
 * asked for (server/security/breachedPasswords.ts) is never held whole when it is larger than its use allows.
 */
export const boundedText = async (
  body: ReadableStream<Uint8Array> | null | undefined,
  maxBytes: number,
): Promise<string | null> => {
  const reader = body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};
