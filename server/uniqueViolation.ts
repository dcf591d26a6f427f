/**
 * Unique violations (SQLSTATE 23505) as data: which constraint a failed INSERT/UPDATE hit. Uniqueness is kept by
 * the database (sign-ups, channel and organisation creation), never by read-then-write, so routes catch this and answer the spec 8 code.
 *
 * Works on both drivers: PGlite's error carries `constraint`, postgres.js's `constraint_name`; Drizzle wraps
 * either in a DrizzleQueryError whose `cause` is the driver's error.
 */
const UNIQUE_VIOLATION = '23505';
/** Guards against a cyclic `cause` chain. */
const MAX_CAUSE_DEPTH = 5;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  cause?: unknown;
}

/** The violated unique constraint's name ('' when the driver did not say), or null for any other error. */
export const violatedUniqueConstraint = (error: unknown): string | null => {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as DriverError;
    if (candidate.code === UNIQUE_VIOLATION) {
      const name = candidate.constraint ?? candidate.constraint_name;
      return typeof name === 'string' ? name : '';
    }
    current = candidate.cause;
  }
  return null;
};

/**
 * Runs a write and turns a unique violation of one of the named constraints into the given failure; any other
 * error (another constraint included) goes on unchanged.
 */
export const onUniqueViolation = async <T>(
  write: () => Promise<T>,
  failures: Readonly<Record<string, () => Error>>,
): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    const failure = constraint === null ? undefined : failures[constraint];
    if (failure) throw failure();
    throw error;
  }
};
