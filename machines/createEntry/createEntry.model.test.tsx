import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME_MAX, CHANNEL_NAME_MIN } from '../../api/contract/limits';
import { subdomainFromName } from '../../api/contract/lists';
import { modelFor, testModel } from '../../test/model';
import { expectBoundaryVerdict } from '../../test/model/boundaries';
import { HeadingsAt } from '../../ui/components/headingLevel';
import { CreateEntryForm } from '../../ui/lists/CreateEntryForm';
import { createEntryMachine } from './createEntry.machine';
import { entryFieldErrors } from './createEntry.rules';
import { created, createEntrySamples, nameBoundaries } from './createEntry.samples';

const model = modelFor(createEntryMachine, {
  ...createEntrySamples,
  implementations: { actions: { entryCreated: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <CreateEntryForm actorRef={actorRef} />
        </HeadingsAt>
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
        // The suggestion is the shared normalisation ('Café Zürich' -> 'cafezurich'), which the server accepts.
        if (!subdomainEdited) expect(subdomain).toBe(subdomainFromName('channel', name));
        expect(subdomainField.readOnly).toBe(!subdomainEdited);
        expect(screen.queryByRole('button', { name: 'Edit subdomain' }) === null).toBe(subdomainEdited);
        const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
        const short = name.trim().length < 3;
        const invalid = entryFieldErrors(snapshot.context);
        // Create waits for a name and subdomain that meet the spec 5 rules (never left to the server to refuse).
        expect(create.disabled).toBe(Object.keys(invalid).length > 0);
        expect(screen.queryByText('Name must be at least 3 characters.') !== null).toBe(short);
        expect(screen.queryByText('Must be at most 24 characters.') !== null).toBe(
          !short && invalid.name !== undefined,
        );
        const rule = 'Use 3 to 24 letters a-z, digits and dashes, with no dash at the start or end.';
        if (!error && invalid.subdomain && !short) expect(screen.getByText(rule)).toBeTruthy();
        if (!invalid.subdomain) expect(screen.queryByText(rule)).toBeNull();
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

describe('spec 5 channel names at their edges', () => {
  it.each(nameBoundaries.map((value) => [value.length, value] as const))('%i characters', (_length, value) =>
    expectBoundaryVerdict(model, {
      sends: (event) => event.type === 'name.change' && (event as { value?: string }).value === value,
      value,
      min: CHANNEL_NAME_MIN,
      max: CHANNEL_NAME_MAX,
      accepted: 'submitting',
      submit: 'submit',
    }));
});
