import { afterEach } from 'vitest';
import { collectEvidence } from './evidence';

/**
 * Every journey file: after each test, a failed test's screenshots and traces are saved and named in its meta
 * (`evidence`), which the tester's report links (test/e2e/evidence.ts); a passed test's traces are dropped. (An
 * annotation would not do: a test that has failed takes none.)
 */
afterEach(async ({ task }) => {
  const failed = task.result?.state === 'fail';
  const saved = await collectEvidence('e2e', {
    file: task.file.name,
    test: task.fullTestName ?? task.name,
    failed,
  });
  if (saved.length) task.meta.evidence = saved;
});

declare module 'vitest' {
  interface TaskMeta {
    /** A failed journey's screenshots and traces, relative to the tester's report (test/e2e/evidence.ts). */
    evidence?: string[];
  }
}
