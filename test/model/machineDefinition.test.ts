import { describe, expect, it } from 'vitest';
import { and, not, or } from 'xstate';
import { companyStartMachine } from '../../machines/companyStart/companyStart.machine';
import { startByCompanyIdMachine } from '../../machines/startByCompanyId/startByCompanyId.machine';
import { describeMachine, guardLabel } from './machineDefinition';

/**
 * A guard as the production build leaves it: the minifier renames every function, so `and`, `or` and `not` are
 * called `t` or `n`; what they carry (`check`, `guards`) is kept.
 */
function minified(guard: unknown, name = 't'): unknown {
  if (typeof guard !== 'function') return guard;
  const renamed = Object.defineProperty(() => false, 'name', { value: name });
  const { check, guards } = guard as { check?: unknown; guards?: unknown[] };
  return Object.assign(renamed, { check, guards: guards?.map((inner) => minified(inner, 'n')) });
}

describe('guard labels', () => {
  it('name and, or and not by what they are, not by their function names, so a minified build says them in full', () => {
    const combined = and([not('emailsDiffer'), or(['isEmailFormValid', 'needsDeviceTerms'])]);
    expect(guardLabel(combined)).toBe('and(not(emailsDiffer), or(isEmailFormValid, needsDeviceTerms))');
    expect(guardLabel(minified(combined))).toBe(
      'and(not(emailsDiffer), or(isEmailFormValid, needsDeviceTerms))',
    );
  });

  it('keep a named guard, and call an unnamed function an inline guard', () => {
    expect(guardLabel('isReady')).toBe('isReady');
    expect(guardLabel({ type: 'isReady', params: {} })).toBe('isReady');
    expect(guardLabel(Object.defineProperty(() => true, 'name', { value: '' }))).toBe('inline guard');
  });

  it('give the combined guards of the company-id sign-ups their full names', () => {
    const guards = (machine: typeof companyStartMachine | typeof startByCompanyIdMachine) =>
      describeMachine(machine)
        .transitions.map((transition) => transition.guard)
        .filter((guard) => guard?.includes('('));
    expect(guards(companyStartMachine)).toEqual([
      'and(not(emailsDiffer), isEmailFormValid)',
      'not(emailsDiffer)',
    ]);
    expect(guards(startByCompanyIdMachine)).toContain(
      'and(not(emailsDiffer), isEmailFormValid, needsDeviceTerms)',
    );
  });
});
