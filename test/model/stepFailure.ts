/**
 * A failing path says where it failed: the step (1-based, 0 = the start, before any event), its event, and for a
 * screen assertion the line of the model test that asserted (the first frame of the error's stack in a
 * test file, `*.test.ts(x)`). The report (test/model/report) shows the message; JUnit carries its first line.
 */
import { relative } from 'node:path';
import type { EventObject } from 'xstate';
import { formatEvent } from './format';

const TEST_FRAME = /(?:file:\/\/)?(\/[^\s():]+\.test\.tsx?):(\d+):(\d+)/;

/** 'machines/login/login.model.test.tsx:120:45', from an error thrown inside a model test's assertion. */
export function assertionLine(error: unknown): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const [, file, line, column] = TEST_FRAME.exec(stack) ?? [];
  return file ? `${relative(process.cwd(), file)}:${line}:${column}` : undefined;
}

/**
 * Where a step is: 'step 3 of 5 (form.submit)', 'the start (before step 1 of 5)', and for a path of no events
 * (the start state is all it checks) 'the start (a path of no steps)'.
 */
export function stepName(index: number, total: number, event: EventObject | undefined): string {
  if (index > 0 && event) return `step ${index} of ${total} (${formatEvent(event)})`;
  return total ? `the start (before step 1 of ${total})` : 'the start (a path of no steps)';
}

/** The error again, its message led by the step (and the assertion's line, when known); the stack kept. */
export function atStep(error: unknown, where: string, line?: string): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const lead = `At ${where}${line ? `, ${line}` : ''}: `;
  if (original.message.startsWith('At step') || original.message.startsWith('At the start')) return original;
  const wrapped = new Error(`${lead}${original.message}`, { cause: original });
  wrapped.stack = `${wrapped.name}: ${wrapped.message}\n${(original.stack ?? '').split('\n').slice(1).join('\n')}`;
  return wrapped;
}

/**
 * The one replay of a path's steps, for the four runners (one machine or a composition, on actors or on the
 * screen): `start` checks the start, `take` makes one step and checks the machines got there, each failure led by
 * where it happened (with the assertion's line when `withLine`); `shown` then checks the screen, its failures named
 * by the same step.
 */
export async function replaySteps<TStep extends { event: EventObject }>(
  steps: readonly TStep[],
  replay: {
    start: () => void;
    take: (step: TStep) => Promise<void>;
    shown?: (where: string) => Promise<void>;
    withLine?: boolean;
  },
): Promise<void> {
  const total = steps.length;
  const start = stepName(0, total, undefined);
  try {
    replay.start();
  } catch (error) {
    throw atStep(error, start);
  }
  await replay.shown?.(start);
  for (const [index, step] of steps.entries()) {
    const where = stepName(index + 1, total, step.event);
    try {
      await replay.take(step);
    } catch (error) {
      throw atStep(error, where, replay.withLine ? assertionLine(error) : undefined);
    }
    await replay.shown?.(where);
  }
}
