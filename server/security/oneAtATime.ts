/**
 * Work that runs one at a time per key, in the order it came, within this process: the password login's check on
 * PGlite, where the rows that count it cannot stay locked across the hash (docs/decisions/operations.md: Login
 * statements). A work that fails lets the next one run; keys with nothing waiting are forgotten.
 */
export const oneAtATime = () => {
  const last = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const before = last.get(key);
    const mine = (before ?? Promise.resolve()).catch(() => {}).then(work);
    last.set(key, mine);
    try {
      return await mine;
    } finally {
      if (last.get(key) === mine) last.delete(key);
    }
  };
};
