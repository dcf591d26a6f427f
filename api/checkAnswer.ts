import * as v from 'valibot';
import { nextTask } from './nextTask';

/** Rows of a list answer checked between two returns of the main thread to the page. */
export const ROWS_PER_SLICE = 250;

/** A list answer as such: an array schema with no checks of its own on the whole array (a pipe). */
const isPlainList = (schema: v.GenericSchema): boolean => schema.type === 'array' && !('pipe' in schema);

/**
 * An answer checked against its wire schema: its output, or undefined when it does not fit. A plain list answer
 * longer than a slice is checked a slice at a time, the page getting the main thread back between slices: the
 * 2,000 channels of a large account checked at once held it for one long task (spec 2 lists at scale). Every row
 * goes through the same schema either way, so the verdict and the output are the same.
 */
export async function checkAnswer(
  schema: v.GenericSchema,
  body: unknown,
): Promise<{ output: unknown } | undefined> {
  if (!isPlainList(schema) || !Array.isArray(body) || body.length <= ROWS_PER_SLICE) {
    const parsed = v.safeParse(schema, body);
    return parsed.success ? { output: parsed.output } : undefined;
  }
  const output: unknown[] = [];
  for (let start = 0; start < body.length; start += ROWS_PER_SLICE) {
    if (start > 0) await nextTask();
    const parsed = v.safeParse(schema, body.slice(start, start + ROWS_PER_SLICE));
    if (!parsed.success) return undefined;
    output.push(...(parsed.output as unknown[]));
  }
  return { output };
}
