/**
 * A path's stable id: a short hash of what the path is (the model's name, its input and every event with its
 * payload), not of its position in the list, so the same walk keeps its id while other paths come and go; and
 * `npm run test:model -- -t <id>` runs it again. Browser-safe: the flow explorer finds a shared `?path=<id>` by it.
 */

export function pathId(model: string, input: unknown, events: readonly object[]): string {
  return cyrb53(JSON.stringify([model, input ?? null, events]))
    .toString(16)
    .padStart(14, '0')
    .slice(0, 10);
}

/** cyrb53 (public domain): 53 well-mixed bits from a string, without node:crypto, so the browser computes the same. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
