import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { CreateEntryForm } from '../../ui/lists/CreateEntryForm';
import { createEntryMachine } from './createEntry.machine';

const created = {
  name: 'Harbour_News',
  subdomain: 'my-sub',
  url: 'https://my-sub.example.test/webapp',
  entry: {
    id: '5',
    name: 'Harbour_News',
    subdomain: 'my-sub',
    readersCount: 0,
    channelCount: 0,
    created: new Date(0),
  },
};
const refused = (code: string) => ({ error: { failure: { code, fieldErrors: [] } } });

const model = modelFor(createEntryMachine, {
  input: { kind: 'channel' },
  events: {
    'name.change': [{ value: 'Ab' }, { value: 'Harbour_News' }],
    'subdomain.change': [{ value: 'my-sub' }],
    'xstate.done.actor.createEntry': [{ output: created }],
    'xstate.error.actor.createEntry': [refused('channel_subdomain_already_exist_error')],
  },
  implementations: { actions: { entryCreated: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <CreateEntryForm actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      closed: (screen) => {
        expect(screen.getByRole('button', { name: 'New channel' })).toBeTruthy();
        expect(screen.queryByLabelText('Name')).toBeNull();
      },
      editing: (screen, snapshot) => {
        const { name, subdomain, subdomainEdited, error } = snapshot.context;
        const nameField = screen.getByLabelText('Name') as HTMLInputElement;
        const subdomainField = screen.getByLabelText(/^Subdomain/) as HTMLInputElement;
        // Focus: the heading on opening, the subdomain after the pencil, else where the user typed.
        if (subdomainEdited && !subdomain) expect(document.activeElement).toBe(subdomainField);
        if (!name && !subdomainEdited)
          expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New channel' }));
        expect(nameField.value).toBe(name);
        expect(subdomainField.value).toBe(subdomain);
        if (!subdomainEdited) expect(subdomain).toBe(name.toLowerCase().replace(/[_\s]/g, ''));
        expect(subdomainField.readOnly).toBe(!subdomainEdited);
        expect(screen.queryByRole('button', { name: 'Edit subdomain' }) === null).toBe(subdomainEdited);
        const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
        const short = name.trim().length < 3;
        expect(create.disabled).toBe(short);
        expect(screen.queryByText('Name must be at least 3 characters.') !== null).toBe(short);
        if (error) {
          expect(subdomainField.getAttribute('aria-invalid')).toBe('true');
          expect(screen.getByText('This subdomain is already taken.', { exact: false })).toBeTruthy();
        }
      },
      submitting: (screen) => {
        // Create is unavailable meanwhile (spec 5), yet keeps the focus: aria-disabled and busy.
        const create = screen.getByRole('button', { name: 'Processing' });
        expect(create.getAttribute('aria-disabled')).toBe('true');
        expect(create.getAttribute('aria-busy')).toBe('true');
      },
      succeeded: (screen) => {
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Channel created' }));
        expect(screen.getByText('Name: Harbour_News')).toBeTruthy();
        expect(screen.getByText('Subdomain: my-sub')).toBeTruthy();
        expect(screen.getByRole('link').getAttribute('href')).toBe(created.url);
      },
    },
    eventDrivers: {
      open: (screen, user) => user.click(screen.getByRole('button', { name: 'New channel' })),
      close: (screen, user) => user.click(screen.getByRole('button', { name: 'Close' })),
      'name.change': async (screen, user, event) => {
        const field = screen.getByLabelText('Name');
        await user.clear(field);
        await user.type(field, (event as { value?: string }).value ?? '');
      },
      'subdomain.edit': (screen, user, event, actorRef) => {
        const pencil = screen.queryByRole('button', { name: 'Edit subdomain' });
        return pencil ? user.click(pencil) : actorRef.send(event as { type: 'subdomain.edit' });
      },
      'subdomain.change': async (screen, user, event, actorRef) => {
        const field = screen.getByLabelText(/^Subdomain/) as HTMLInputElement;
        if (field.readOnly) return actorRef.send(event as { type: 'subdomain.change'; value: string });
        await user.clear(field);
        await user.type(field, (event as { value?: string }).value ?? '');
      },
      submit: (screen, user, event, actorRef) => {
        const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
        return create.disabled ? actorRef.send(event as { type: 'submit' }) : user.click(create);
      },
    },
  },
});
