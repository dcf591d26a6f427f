import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { HeadingsAt } from '../../ui/components/headingLevel';
import { ProfileEditPanel } from '../../ui/me/ProfileEditPanel';
import { profileEditMachine } from './profileEdit.machine';
import { profile, profileEditSamples } from './profileEdit.samples';

type Snapshot = SnapshotFrom<typeof profileEditMachine>;

const model = modelFor(profileEditMachine, {
  ...profileEditSamples,
  implementations: { actions: { profileSaved: () => {}, editCancelled: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const tabOf = (screen: Screen, name: string) => screen.getByRole('tab', { name });

function expectForm(screen: Screen, snapshot: Snapshot) {
  const { values, tab, fieldErrors, error } = snapshot.context;
  expect(tabOf(screen, 'Personal info').getAttribute('aria-selected')).toBe(String(tab === 'personal'));
  expect(tabOf(screen, 'Social profiles').getAttribute('aria-selected')).toBe(String(tab === 'social'));
  if (tab === 'personal') {
    const name = screen.getByLabelText('Screen name') as HTMLInputElement;
    expect(name.value).toBe(values.screenName);
    expect(name.getAttribute('aria-invalid')).toBe(fieldErrors.screenName ? 'true' : null);
    if (fieldErrors.screenName === 'string.min')
      expect(screen.getByText('Must be at least 2 characters.')).toBeTruthy();
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    expect(phone.value).toBe(values.phone);
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    const described = (phone.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Phone number should be in the following format: +49 170 1234567');
    if (fieldErrors.phone) expect(described).toContain('Please enter a valid phone number');
  } else {
    const links = screen.getAllByPlaceholderText('Enter your profile link');
    expect(links).toHaveLength(7);
    expect(screen.queryByLabelText('Screen name')).toBeNull();
  }
  if (error) expect(screen.getByRole('alert').textContent).toMatch(/too many/i);
  else expect(screen.queryByText(/too many/i)).toBeNull();
}

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <ProfileEditPanel actorRef={actorRef} profile={profile} avatar={<p>avatar field</p>} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      closed: (screen) => {
        expect(document.title).toBe('Your account - Account');
        expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
        expect(screen.queryByRole('form')).toBeNull();
        expect(screen.getByRole('heading', { level: 3, name: 'Ada' })).toBeTruthy();
      },
      editing: (screen, snapshot) => {
        expect(document.title).toBe('Edit profile - Account');
        expect(screen.getByRole('heading', { level: 3, name: 'Edit profile' })).toBeTruthy();
        expectForm(screen, snapshot as Snapshot);
        const save = screen.getByRole('button', { name: 'Save' });
        expect(save.getAttribute('aria-busy')).toBeNull();
        if (snapshot.context.tab === 'personal') expect(screen.getByText('avatar field')).toBeTruthy();
      },
      saving: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Processing' }).getAttribute('aria-busy')).toBe('true');
        expectForm(screen, snapshot as Snapshot);
      },
    },
    eventDrivers: {
      open: (screen, user) => user.click(screen.getByRole('button', { name: 'Edit' })),
      'field.change': async (screen, user, event, actorRef) => {
        const { value } = event as unknown as { value: string };
        if (actorRef.getSnapshot().context.tab !== 'personal') return actorRef.send(event as never);
        const field = screen.getByLabelText('Screen name');
        await user.clear(field);
        await user.type(field, value);
      },
      'tab.select': async (screen, user, event, actorRef) => {
        const current =
          actorRef.getSnapshot().context.tab === 'personal' ? 'Personal info' : 'Social profiles';
        // WAI-ARIA tabs: the arrow key moves to (and selects) the other tab.
        tabOf(screen, current).focus();
        await user.keyboard('{ArrowRight}');
        expect((event as unknown as { tab: string }).tab).toBe(actorRef.getSnapshot().context.tab);
      },
      'image.change': (_screen, _user, event, actorRef) => actorRef.send(event as never),
      save: (screen, user) => user.click(screen.getByRole('button', { name: /^(Save|Processing)$/ })),
      cancel: (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  },
});
