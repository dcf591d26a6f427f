import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type Model,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
  testModel,
} from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { expectResendMail, resendButton } from '../../test/resendMailScreen';
import { ResendPart } from '../../ui/form/ResendPart';
import { resendMachine } from './resend.machine';
import { resendSamples } from './resend.samples';

type Snapshot = SnapshotFrom<typeof resendMachine>;

const model = modelFor(resendMachine, resendSamples);
/**
 * Started again by a parent whose step-up was cancelled ('Send again' usable) or given (sent at once): one input per
 * model, so these walk the other starts and count on the first model's coverage (one machine, one record).
 */
const startedModels = (['ready', 'sending'] as const).map(
  (from): Model<typeof resendMachine> => ({
    ...modelFor(resendMachine, { ...resendSamples, input: { ...resendSamples.input, from } }),
    coverage: model.coverage,
  }),
);

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** docs/decisions/product.md Check your e-mail: the one view part says each phase the same way on every place. */
const expectPart = (phase: 'waiting' | 'ready' | 'sending') => (screen: Screen, snapshot: Snapshot) =>
  expectResendMail(screen, { phase, error: snapshot.context.error, resent: snapshot.context.resent });

const screenOptions: ScreenOptions<typeof resendMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <ResendPart actorRef={actorRef} />
    </I18nProvider>
  ),
  stateAssertions: {
    // Left at once for where the parent started it; the part is there from the first render.
    starting: (screen) => expect(resendButton(screen)).toBeTruthy(),
    cooling: (screen, snapshot) => {
      expectPart('waiting')(screen, snapshot);
      // After 'Send again' the button keeps the focus (the same element throughout); a child started sending (after
      // its parent's step-up) was sent by no click here.
      const { error, resent, from } = snapshot.context;
      if ((error || resent) && from !== 'sending') expect(document.activeElement).toBe(resendButton(screen));
    },
    ready: expectPart('ready'),
    sending: expectPart('sending'),
    // The server asks for a fresh proof: nothing more is sent from here (the parent shows its step-up instead).
    stepUpRequired: (screen) => expect(resendButton(screen).getAttribute('aria-disabled')).toBe('true'),
  },
  eventDrivers: {
    'mail.resend': (screen, user) => user.click(resendButton(screen)),
  },
};

for (const started of startedModels)
  describe(`model of resend started from '${started.options.input?.from}'`, () => {
    for (const path of started.paths()) {
      it(`machine: ${path.description}`, () => runOnMachine(started, path));
      it(`screen: ${path.description}`, () => runOnScreen(started, path, screenOptions));
    }
  });

testModel(model, { screen: screenOptions });

it("hands each 'Send again' the request its parent gave it, unchanged", async () => {
  const path = model
    .paths()
    .find((candidate) => candidate.steps.some((step) => step.event.type === 'mail.resend'));
  if (!path) throw new Error("no path sends 'Send again'");
  const { calls } = await runOnMachine(model, path);
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(call.input).toEqual({ email: 'ada@example.com' });
});
