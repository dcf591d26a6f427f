import { describe, expect, it } from 'vitest';
import { atStep, stepName } from './stepFailure';

describe('where a failing path failed', () => {
  it('names the step with its event, the start before the first, and a path of no steps as such', () => {
    expect(stepName(3, 5, { type: 'form.submit' })).toBe('step 3 of 5 (form.submit)');
    expect(stepName(0, 5, undefined)).toBe('the start (before step 1 of 5)');
    expect(stepName(0, 0, undefined)).toBe('the start (a path of no steps)');
  });

  it('leads the message with the step and the assertion line, once', () => {
    const error = atStep(new Error('boom'), stepName(0, 0, undefined), 'machines/x/x.model.test.tsx:9:3');
    expect(error.message).toBe('At the start (a path of no steps), machines/x/x.model.test.tsx:9:3: boom');
    expect(atStep(error, 'step 1 of 1 (x)').message).toBe(error.message);
  });
});
