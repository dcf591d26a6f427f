import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { RequestView } from '../../ui/request/RequestView';
import { requestMachine } from './request.machine';

const PROFILE = { name: 'Ada Lovelace' };
const EMAIL_NOT_FOUND = { failure: { code: 'email_not_found_error', fieldErrors: [] } };

const model = modelFor(requestMachine, {
  events: {
    'request.start': [{ params: { id: 7 } }],
    'xstate.done.actor.request': [{ output: PROFILE }],
    // With a catalogue code, and without any payload (spec 4: stores an unknown error).
    'xstate.error.actor.request': [{ error: EMAIL_NOT_FOUND }, { error: undefined }],
  },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <RequestView<typeof PROFILE> actorRef={actorRef}>{(data) => <p>Hello {data.name}</p>}</RequestView>
      </I18nProvider>
    ),
    stateAssertions: {
      idle: (screen) => {
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.queryByText(/Hello/)).toBeNull();
      },
      pending: (screen) => {
        expect(screen.getByRole('status').textContent).toContain('Loading');
        expect(screen.queryByRole('alert')).toBeNull();
      },
      loaded: (screen) => {
        expect(screen.getByText('Hello Ada Lovelace')).toBeTruthy();
        expect(screen.queryByRole('status')).toBeNull();
      },
      rejected: (screen, snapshot) => {
        const expected =
          snapshot.context.error === 'email_not_found_error'
            ? 'We could not find an account with this e-mail address.'
            : 'Something went wrong. Please try again later.';
        expect(screen.getByRole('alert').textContent).toBe(expected);
        expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
      },
    },
    eventDrivers: {
      // The view has no start button: the route starts the request, so the driver does what the route does.
      'request.start': (_screen, _user, event, actorRef) => actorRef.send(event as { type: 'request.start' }),
      'request.retry': (screen, user) => user.click(screen.getByRole('button', { name: 'Retry' })),
      'request.refresh': (_screen, _user, _event, actorRef) => actorRef.send({ type: 'request.refresh' }),
    },
  },
});
