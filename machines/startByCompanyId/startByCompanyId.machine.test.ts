import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../../api/contract/organisationTerms';
import type { CheckCompanyIdInput, CompanyCheck } from '../../api/contract/registration';
import { resendBy } from '../resend/resend.machine';
import { startByCompanyIdMachine } from './startByCompanyId.machine';
import type { StoredStartFields } from './startByCompanyId.types';

const refusal = (code: ErrorCode) => ({
  failure: {
    code,
    fieldErrors: [],
    ...(code === 'registration_pending_elsewhere_error' ? { details: { email: 'm***@e***.test' } } : {}),
  },
});

/** What each step answers about the organisation (the start keeps the first step's). */
const TERMS_BY_STEP: Record<CheckCompanyIdInput['step'], OrganisationTerms> = {
  organisationSubdomain: { wording: 'lit', termsUrl: 'https://lit.example/terms', privacyUrl: null },
  companyId: { wording: 'ceramtec', termsUrl: null, privacyUrl: null },
  all: DEFAULT_ORGANISATION_TERMS,
};

/** A start machine whose calls answer from `answers` by step, with every call and storage effect recorded. */
function start(
  answers: Partial<Record<CheckCompanyIdInput['step'], ErrorCode>> = {},
  stored: Partial<StoredStartFields> = {},
) {
  const calls: CheckCompanyIdInput[] = [];
  const effects: string[] = [];
  const checkCompanyId = fromPromise<CompanyCheck, CheckCompanyIdInput>(async ({ input }) => {
    calls.push(input);
    const code = answers[input.step];
    if (code) throw refusal(code);
    return { terms: TERMS_BY_STEP[input.step] };
  });
  const machine = startByCompanyIdMachine.provide({
    actors: { checkCompanyId },
    actions: {
      storeFields: ({ context }) =>
        effects.push(
          `store ${context.organisationSubdomain}|${context.userLastName}|${context.userCompanyId}`,
        ),
      clearStoredFields: () => effects.push('clear all'),
      clearStoredIdentity: () => effects.push('clear identity'),
    },
  });
  const actor = createActor(machine, { input: { stored } }).start();
  const type = (
    field: 'organisationSubdomain' | 'userLastName' | 'userCompanyId' | 'email' | 'confirmEmail',
    value: string,
  ) => actor.send({ type: 'field.change', field, value });
  const rest = (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (s) => s.matches(value));
  return { actor, calls, effects, type, rest };
}

describe('startByCompanyIdMachine (spec 2 Start, 3, 4 Start steps, 5, 8)', () => {
  it('goes through the three steps with one call each, then clears storage on success', async () => {
    const { actor, calls, effects, type, rest } = start();
    type('organisationSubdomain', ' lit ');
    actor.send({ type: 'form.submit' });
    await rest('companyId');
    type('userLastName', 'Doe');
    type('userCompanyId', '1001');
    actor.send({ type: 'form.submit' });
    await rest('email');
    type('email', 'jane@example.com');
    type('confirmEmail', 'JANE@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await rest('registered');
    expect(calls).toEqual([
      { step: 'organisationSubdomain', organisationSubdomain: 'lit' },
      { step: 'companyId', organisationSubdomain: 'lit', userLastName: 'Doe', userCompanyId: '1001' },
      {
        step: 'all',
        organisationSubdomain: 'lit',
        userLastName: 'Doe',
        userCompanyId: '1001',
        email: 'jane@example.com',
      },
    ]);
    expect(effects).toEqual(
      [' lit ||', ' lit |Doe|', ' lit |Doe|1001'].map((s) => `store ${s}`).concat('clear all'),
    );
  });

  it("keeps the organisation's terms from the step that establishes the organisation (spec 2 Register)", async () => {
    const { actor, type, rest } = start();
    expect(actor.getSnapshot().context.organisationTerms).toEqual(DEFAULT_ORGANISATION_TERMS);
    type('organisationSubdomain', 'lit');
    actor.send({ type: 'form.submit' });
    await rest('companyId');
    expect(actor.getSnapshot().context.organisationTerms).toEqual(TERMS_BY_STEP.organisationSubdomain);
    type('userLastName', 'Doe');
    type('userCompanyId', '1001');
    actor.send({ type: 'form.submit' });
    await rest('email');
    expect(actor.getSnapshot().context.organisationTerms).toEqual(TERMS_BY_STEP.organisationSubdomain);
    // Start over with clearing: back to the site's own until an organisation is found again.
    actor.send({ type: 'reset', clear: true });
    expect(actor.getSnapshot().context.organisationTerms).toEqual(DEFAULT_ORGANISATION_TERMS);
  });

  it('starts at step 0 with the stored fields (spec 3: restored on reload)', () => {
    const { actor } = start({}, { organisationSubdomain: 'lit', userLastName: 'Doe', userCompanyId: '7' });
    expect(actor.getSnapshot().value).toBe('organisationSubdomain');
    expect(actor.getSnapshot().context).toMatchObject({
      organisationSubdomain: 'lit',
      userLastName: 'Doe',
      userCompanyId: '7',
    });
  });

  it.each([
    ['a', 'string.min'],
    ['', 'any.required'],
    ['x'.repeat(25), 'string.max'],
  ])('refuses the subdomain %j with %s and makes no call', (value, code) => {
    const { actor, calls, type } = start();
    type('organisationSubdomain', value);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ organisationSubdomain: code });
    expect(calls).toEqual([]);
  });

  it('accepts unicef_for_every_child (22 characters, docs/decisions/product.md: /start accepts 24 characters)', async () => {
    const { actor, type, rest } = start();
    type('organisationSubdomain', 'unicef_for_every_child');
    actor.send({ type: 'form.submit' });
    await rest('companyId');
  });

  it('shows organisation-not-found under the subdomain (spec 8)', async () => {
    const { actor, type, rest } = start({
      organisationSubdomain: 'registration_company_id_subdomain_not_found_error',
    });
    type('organisationSubdomain', 'nope');
    actor.send({ type: 'form.submit' });
    await rest('organisationSubdomain');
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'registration_company_id_subdomain_not_found_error',
      field: 'organisationSubdomain',
    });
  });

  it('an unknown company id shows under the id and clears the stored last name and company id (spec 3, 8)', async () => {
    const { actor, effects, rest } = start(
      { companyId: 'registration_company_id_unknown_company_id_error' },
      { organisationSubdomain: 'lit', userLastName: 'Doe', userCompanyId: '9' },
    );
    actor.send({ type: 'form.submit' });
    await rest('companyId');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('companyId') && s.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'registration_company_id_unknown_company_id_error',
      field: 'userCompanyId',
    });
    expect(actor.getSnapshot().context).toMatchObject({ userLastName: '', userCompanyId: '' });
    expect(effects).toEqual(['clear identity']);
  });

  it('another refusal of the id check (rate limit) keeps storage', async () => {
    const { actor, effects, rest } = start(
      { companyId: 'rate_limited_error' },
      { organisationSubdomain: 'lit', userLastName: 'Doe', userCompanyId: '9' },
    );
    actor.send({ type: 'form.submit' });
    await rest('companyId');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('companyId') && s.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'rate_limited_error', field: undefined });
    expect(effects).toEqual([]);
  });

  async function atEmail(subdomain: string, answers: Parameters<typeof start>[0] = {}) {
    const started = start(answers, {
      organisationSubdomain: subdomain,
      userLastName: 'Doe',
      userCompanyId: '9',
    });
    started.actor.send({ type: 'form.submit' });
    await started.rest('companyId');
    started.actor.send({ type: 'form.submit' });
    await started.rest('email');
    return started;
  }

  it('disables the submit while the two e-mails differ (spec 5 Start)', async () => {
    const { actor, type } = await atEmail('lit');
    type('email', 'a@example.com');
    type('confirmEmail', 'b@example.com');
    actor.send({ type: 'terms.change', checked: true });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    type('confirmEmail', 'a@example.com');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('requires the terms', async () => {
    const { actor, type, calls } = await atEmail('lit');
    type('email', 'a@example.com');
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ terms: 'any.accepted' });
    expect(calls.map((call) => call.step)).toEqual(['organisationSubdomain', 'companyId']);
  });

  it.each([
    'papier_union',
    'Inapa_Deutschland',
  ])('%s confirms the device terms first; back keeps the form', async (subdomain) => {
    const { actor, type, rest, calls } = await atEmail(subdomain);
    type('email', 'a@example.com');
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('deviceTerms');
    actor.send({ type: 'deviceTerms.back' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(actor.getSnapshot().context.email).toBe('a@example.com');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'deviceTerms.confirm' });
    await rest('registered');
    expect(calls.at(-1)?.step).toBe('all');
  });

  it('a registration waiting at another address is its own screen, naming it masked; storage stays, back returns to the e-mail (docs/decisions/security.md: Company-id sign-up races)', async () => {
    const { actor, type, rest, effects } = await atEmail('lit', {
      all: 'registration_pending_elsewhere_error',
    });
    type('email', 'a@example.com');
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await rest('pendingElsewhere');
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'registration_pending_elsewhere_error',
      details: { email: 'm***@e***.test' },
    });
    expect(effects).not.toContain('clear all');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'a@example.com', error: undefined });
  });

  it.each([
    ['email_already_exist_error', 'email'],
    ['user_is_already_confirmed_error', undefined],
  ] as const)('shows %s at its place (spec 8)', async (code, field) => {
    const { actor, type, rest } = await atEmail('lit', { all: code });
    type('email', 'a@example.com');
    type('confirmEmail', 'a@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await rest('registering');
    await rest('email');
    expect(actor.getSnapshot().context.error).toEqual({ code, field });
  });

  it('steps back 2 -> 1 -> 0, forces step 0, and resets with or without clearing', async () => {
    const { actor, effects } = await atEmail('lit');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('companyId');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('organisationSubdomain');
    actor.send({ type: 'reset', clear: false });
    expect(actor.getSnapshot().context.organisationSubdomain).toBe('lit');
    actor.send({ type: 'reset', clear: true });
    expect(actor.getSnapshot().context).toMatchObject({
      organisationSubdomain: '',
      userLastName: '',
      userCompanyId: '',
    });
    expect(effects).toEqual(['clear all']);
    const other = await atEmail('lit');
    other.actor.send({ type: 'step.force', step: 0 });
    expect(other.actor.getSnapshot().value).toBe('organisationSubdomain');
  });

  it.each([
    'storeFields',
    'clearStoredFields',
    'clearStoredIdentity',
  ] as const)('storage effect %s throws until the route provides it', (name) => {
    const action = startByCompanyIdMachine.implementations.actions[name] as () => void;
    expect(() => action()).toThrow(`action ${name} must be provided`);
  });
});

describe("startByCompanyIdMachine: 'Send again' on the end step (docs/decisions/product.md: Check your e-mail)", () => {
  it('waits 60 s after the mail, then makes the same registration again; a refusal is kept and the wait starts again', async () => {
    const clock = new SimulatedClock();
    const calls: CheckCompanyIdInput[] = [];
    const answers: unknown[] = [];
    const checkCompanyId = fromPromise<CompanyCheck, CheckCompanyIdInput>(async ({ input }) => {
      calls.push(input);
      const answer = input.step === 'all' ? answers.shift() : undefined;
      if (answer) throw answer;
      return { terms: DEFAULT_ORGANISATION_TERMS };
    });
    const noEffect = () => {};
    const machine = startByCompanyIdMachine.provide({
      actors: { checkCompanyId, resendMail: resendBy(checkCompanyId) },
      actions: { storeFields: noEffect, clearStoredFields: noEffect, clearStoredIdentity: noEffect },
    });
    const actor = createActor(machine, { input: {}, clock }).start();
    const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
    const type = (
      field: 'organisationSubdomain' | 'userLastName' | 'userCompanyId' | 'email' | 'confirmEmail',
      value: string,
    ) => actor.send({ type: 'field.change', field, value });
    type('organisationSubdomain', 'lit');
    actor.send({ type: 'form.submit' });
    await settle();
    type('userLastName', 'Doe');
    type('userCompanyId', '1001');
    actor.send({ type: 'form.submit' });
    await settle();
    type('email', ' jane@example.com ');
    type('confirmEmail', 'jane@example.com');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('registered');
    // The end step's resend child (machines/resend) holds the wait and the same request.
    const resend = actor.getSnapshot().children.resendMail;
    if (!resend) throw new Error('no resend child on the end step');
    const settleResend = () => waitFor(resend, (s) => !s.hasTag('busy'));
    resend.send({ type: 'mail.resend' });
    clock.increment(59_999);
    resend.send({ type: 'mail.resend' });
    expect(calls).toHaveLength(3);
    clock.increment(1);
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(resend.getSnapshot().value).toBe('cooling');
    expect(resend.getSnapshot().context.resent).toBe(true);
    // The same request as the registration: the same address, nobody else's.
    expect(calls[3]).toEqual(calls[2]);
    expect(calls[3]).toMatchObject({ step: 'all', email: 'jane@example.com' });
    answers.push(refusal('user_is_already_confirmed_error'));
    clock.increment(60_000);
    resend.send({ type: 'mail.resend' });
    await settleResend();
    expect(resend.getSnapshot().value).toBe('cooling');
    expect(resend.getSnapshot().context).toMatchObject({
      error: { code: 'user_is_already_confirmed_error' },
      resent: false,
    });
    // Starting over forgets what 'Send again' said: the child goes with the end step.
    actor.send({ type: 'reset', clear: false });
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined });
    expect(actor.getSnapshot().children.resendMail).toBeUndefined();
  });
});
