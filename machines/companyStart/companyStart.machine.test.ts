import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../../api/contract/organisationTerms';
import type {
  CheckCompanyPageInput,
  CompanyCheck,
  RegisterCompanyPageInput,
} from '../../api/contract/registration';

const UNICEF_TERMS: OrganisationTerms = {
  wording: 'unicef_for_every_child',
  termsUrl: 'https://unicef-for-every-child.example/terms',
  privacyUrl: null,
};

import { resendBy } from '../resend/resend.machine';
import { companyStartMachine } from './companyStart.machine';

function start(check?: ErrorCode, register?: ErrorCode) {
  const calls: unknown[] = [];
  const fail = (code?: ErrorCode) => {
    if (code === 'registration_pending_elsewhere_error')
      throw { failure: { code, fieldErrors: [], details: { email: 'm***@e***.test' } } };
    if (code) throw { failure: { code, fieldErrors: [] } };
  };
  const actor = createActor(
    companyStartMachine.provide({
      actors: {
        checkCompanyPage: fromPromise<CompanyCheck, CheckCompanyPageInput>(async ({ input }) => {
          calls.push(input);
          fail(check);
          return { terms: UNICEF_TERMS };
        }),
        registerCompanyPage: fromPromise<void, RegisterCompanyPageInput>(async ({ input }) => {
          calls.push(input);
          fail(register);
        }),
      },
    }),
    { input: { organisationSubdomain: 'unicef_for_every_child' } },
  ).start();
  const type = (field: 'userLastName' | 'userCompanyId' | 'email' | 'confirmEmail', value: string) =>
    actor.send({ type: 'field.change', field, value });
  return { actor, calls, type };
}

describe('companyStartMachine (spec 2 Company-specific start pages, 8)', () => {
  it('checks full name and staff number, then registers the e-mail', async () => {
    const { actor, calls, type } = start();
    type('userLastName', ' Jane Doe ');
    type('userCompanyId', 'U-7');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('email'));
    // spec 2 Register: the organisation's terms checkbox, as the check answered it.
    expect(actor.getSnapshot().context.organisationTerms).toEqual(UNICEF_TERMS);
    type('email', 'jane@example.com');
    type('confirmEmail', 'jane@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('registered'));
    const who = {
      organisationSubdomain: 'unicef_for_every_child',
      userLastName: 'Jane Doe',
      userCompanyId: 'U-7',
    };
    expect(calls).toEqual([who, { ...who, email: 'jane@example.com' }]);
    actor.send({ type: 'restart' });
    expect(actor.getSnapshot().context).toMatchObject({
      userLastName: '',
      email: '',
      terms: false,
      organisationTerms: DEFAULT_ORGANISATION_TERMS,
    });
  });

  it('an unknown company id is the page message, not a field error (spec 8)', async () => {
    const { actor, type } = start('registration_company_id_unknown_company_id_error');
    type('userLastName', 'Jane Doe');
    type('userCompanyId', 'U-7');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('details') && s.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'registration_company_id_unknown_company_id_error',
    });
  });

  it('a registration waiting at another address is its own screen, naming it masked; back keeps the e-mail, restart starts over (docs/decisions/security.md: Company-id sign-up races)', async () => {
    const { actor, type } = start(undefined, 'registration_pending_elsewhere_error');
    type('userLastName', 'Jane Doe');
    type('userCompanyId', 'U-7');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('email'));
    type('email', 'a@example.com');
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('pendingElsewhere'));
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'registration_pending_elsewhere_error',
      details: { email: 'm***@e***.test' },
    });
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'a@example.com', error: undefined });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('pendingElsewhere'));
    actor.send({ type: 'restart' });
    expect(actor.getSnapshot().value).toBe('details');
    expect(actor.getSnapshot().context).toMatchObject({ userLastName: '', email: '' });
  });

  it('refuses differing e-mails and missing terms without a call', async () => {
    const { actor, calls, type } = start();
    type('userLastName', 'Jane Doe');
    type('userCompanyId', 'U-7');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('email'));
    type('email', 'a@example.com');
    type('confirmEmail', 'b@example.com');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ terms: 'any.accepted' });
    expect(calls).toHaveLength(1);
  });
});

describe("companyStartMachine: 'Send again' on the end step (docs/decisions/product.md: Check your e-mail)", () => {
  it('waits 60 s after the mail, then makes the same registration again; restart forgets it', async () => {
    const clock = new SimulatedClock();
    const registrations: RegisterCompanyPageInput[] = [];
    const answers: unknown[] = [undefined, { failure: { code: 'rate_limited_error', fieldErrors: [] } }];
    const registerCompanyPage = fromPromise<void, RegisterCompanyPageInput>(async ({ input }) => {
      registrations.push(input);
      const answer = registrations.length > 1 ? answers.shift() : undefined;
      if (answer) throw answer;
    });
    const actor = createActor(
      companyStartMachine.provide({
        actors: {
          checkCompanyPage: fromPromise<CompanyCheck, CheckCompanyPageInput>(async () => ({
            terms: DEFAULT_ORGANISATION_TERMS,
          })),
          registerCompanyPage,
          resendMail: resendBy(registerCompanyPage),
        },
      }),
      { input: { organisationSubdomain: 'lit' }, clock },
    ).start();
    const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'field.change', field: 'userLastName', value: 'Jane Doe' });
    actor.send({ type: 'field.change', field: 'userCompanyId', value: 'L-1' });
    actor.send({ type: 'form.submit' });
    await settle();
    actor.send({ type: 'field.change', field: 'email', value: 'jane@example.com' });
    actor.send({ type: 'field.change', field: 'confirmEmail', value: 'jane@example.com' });
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('registered');
    // The end step's resend child (machines/resend) holds the wait and the same request.
    const resend = actor.getSnapshot().children.resendMail;
    if (!resend) throw new Error('no resend child on the end step');
    const settleResend = () => waitFor(resend, (s) => !s.hasTag('busy'));
    clock.increment(59_999);
    resend.send({ type: 'mail.resend' });
    expect(registrations).toHaveLength(1);
    clock.increment(1);
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(registrations).toEqual([registrations[0], registrations[0]]);
    expect(resend.getSnapshot().context.resent).toBe(true);
    clock.increment(60_000);
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(resend.getSnapshot().value).toBe('cooling');
    expect(resend.getSnapshot().context).toMatchObject({
      error: { code: 'rate_limited_error' },
      resent: false,
    });
    actor.send({ type: 'restart' });
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined, email: '' });
    expect(actor.getSnapshot().children.resendMail).toBeUndefined();
  });
});
