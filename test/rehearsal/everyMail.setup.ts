import { afterAll } from 'vitest';
import { expectEveryArrivedMailProper } from './support';

/** After each rehearsal file: every mail that arrived meanwhile, checked (test/rehearsal/support.ts). */
afterAll(expectEveryArrivedMailProper);
