import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SavedProfile, SaveProfileInput } from '../../api/contract/profile';
import { aProfile } from '../../test/profileFixture';
import { profileEditMachine } from './profileEdit.machine';

const profile = aProfile({
  screenName: 'Ada',
  phone: '+49 170 1234567',
  location: { text: 'Berlin', city: 'Berlin', state: '', country: 'DE' },
  image: { id: '7', url: 'https://example.test/7.png' },
  imageId: '7',
});

function start(answers: Array<SavedProfile | { failure: unknown } | Error>) {
  const calls: SaveProfileInput[] = [];
  const saveProfile = fromPromise<SavedProfile, SaveProfileInput>(async ({ input }) => {
    calls.push(input);
    const answer = answers[calls.length - 1];
    if (answer === undefined || answer instanceof Error || 'failure' in answer) throw answer;
    return answer;
  });
  const profileSaved = vi.fn();
  const editCancelled = vi.fn();
  const actor = createActor(
    profileEditMachine.provide({
      actors: { saveProfile },
      actions: { profileSaved: (_, saved) => profileSaved(saved), editCancelled },
    }),
  ).start();
  return { actor, calls, profileSaved, editCancelled };
}

const saved = (fields: Partial<SavedProfile> = {}): SavedProfile => ({
  screenName: 'Ada Lovelace',
  phone: '+49 170 1234567',
  department: '',
  position: '',
  bio: '',
  location: profile.location,
  links: profile.links,
  ...fields,
});

describe('profileEditMachine (spec 2 Me page profile edit, spec 4 Profile save, spec 5, spec 8)', () => {
  it('opens on the profile it is given, in the Personal info tab', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'open', profile });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.tab).toBe('personal');
    expect(context.values.screenName).toBe('Ada');
    expect(context.values.image?.id).toBe('7');
  });

  it('saves every field (location text into the location, links, the picture), merges and closes', async () => {
    const { actor, calls, profileSaved } = start([saved()]);
    actor.send({ type: 'open', profile });
    actor.send({ type: 'field.change', field: 'screenName', value: 'Ada Lovelace' });
    actor.send({ type: 'field.change', field: 'location', value: 'London' });
    actor.send({ type: 'field.change', field: 'links.linkedin', value: 'https://linkedin.com/in/ada' });
    actor.send({ type: 'image.change', image: null });
    actor.send({ type: 'tab.select', tab: 'social' });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls[0]).toMatchObject({
      screenName: 'Ada Lovelace',
      imageId: null,
      location: { text: 'London', city: 'Berlin', country: 'DE' },
      links: { linkedin: 'https://linkedin.com/in/ada' },
    });
    expect(profileSaved).toHaveBeenCalledWith(saved());
    // Nothing typed is kept for the next Edit.
    expect(actor.getSnapshot().context.values.screenName).toBe('');
  });

  it('refuses to save past a spec 5 limit, shows the code under the field and the tab that holds it', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'open', profile });
    actor.send({ type: 'field.change', field: 'screenName', value: 'A' });
    actor.send({ type: 'field.change', field: 'bio', value: 'x'.repeat(301) });
    actor.send({ type: 'field.change', field: 'links.facebook', value: 'javascript:alert(1)' });
    actor.send({ type: 'tab.select', tab: 'social' });
    actor.send({ type: 'save' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(calls).toHaveLength(0);
    expect(context.fieldErrors).toEqual({
      screenName: 'string.min',
      bio: 'string.max',
      'links.facebook': 'string.uri',
    });
    expect(context.tab).toBe('personal');
    // Typing into a field clears its error only.
    actor.send({ type: 'field.change', field: 'bio', value: 'short' });
    expect(actor.getSnapshot().context.fieldErrors.bio).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.screenName).toBe('string.min');
  });

  it.each([
    ['phone', 25],
    ['position', 250],
    ['department', 250],
    ['location', 250],
    ['bio', 300],
    ['screenName', 100],
  ] as const)('holds %s to at most %i characters', (field, limit) => {
    const { actor } = start([]);
    actor.send({ type: 'open', profile });
    const fill = field === 'phone' ? '1' : 'a';
    actor.send({ type: 'field.change', field, value: fill.repeat(limit + 1) });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().context.fieldErrors[field]).toBe('string.max');
    actor.send({ type: 'field.change', field, value: fill.repeat(limit) });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('failed: the server field error goes under its field (string.phonenumber), typed values kept', async () => {
    const refusal = {
      failure: {
        code: 'unknown_server_error',
        fieldErrors: [
          { field: 'phone', code: 'string.phonenumber', message: 'Please enter a valid phone number' },
        ],
      },
    };
    const { actor } = start([refusal, saved()]);
    actor.send({ type: 'open', profile });
    actor.send({ type: 'field.change', field: 'position', value: 'Engineer' });
    actor.send({ type: 'tab.select', tab: 'social' });
    actor.send({ type: 'save' });
    const failed = await waitFor(actor, (s) => s.matches('editing'));
    expect(failed.context.fieldErrors).toEqual({ phone: 'string.phonenumber' });
    expect(failed.context.error).toBeUndefined();
    expect(failed.context.tab).toBe('personal');
    expect(failed.context.values.position).toBe('Engineer');
  });

  it('a refusal on no field (rate limit, unknown) is a form error; Save again works', async () => {
    const limited = { failure: { code: 'rate_limited_error', fieldErrors: [] } };
    const { actor, calls, profileSaved } = start([limited, new Error('network'), saved()]);
    actor.send({ type: 'open', profile });
    actor.send({ type: 'save' });
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.error).toEqual({
      code: 'rate_limited_error',
    });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.error).toEqual({
      code: 'unknown_server_error',
    });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toHaveLength(3);
    expect(profileSaved).toHaveBeenCalledOnce();
  });

  it('Cancel drops what was typed and tells the route; the next Edit starts from the profile', () => {
    const { actor, editCancelled } = start([]);
    actor.send({ type: 'open', profile });
    actor.send({ type: 'field.change', field: 'screenName', value: 'Typed' });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(editCancelled).toHaveBeenCalledOnce();
    actor.send({ type: 'open', profile });
    expect(actor.getSnapshot().context.values.screenName).toBe('Ada');
  });
});
