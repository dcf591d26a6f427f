import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type { SavedProfile, SaveProfileInput } from '../../api/contract/profile';
import { refusalFrom } from '../form/refusal';
import {
  initialContext,
  PROFILE_PLACES,
  saveInput,
  tabOfFirstError,
  validationErrors,
  valuesOf,
  withField,
  withFormFields,
} from './profileEdit.rules';
import type { ProfileEditContext, ProfileEditEvent } from './profileEdit.types';

/**
 * spec 2 Me page, profile edit (spec 4 Profile save, spec 5 limits, spec 8): the form opened by the profile's Edit
 * button, in two tabs (Personal info, Social profiles). Cancel drops what was typed; Save checks the contract's
 * limits, then saves ('Processing'); saved: the route merges the answer into the page's profile and the form
 * closes; failed: errors under their fields (or a form error), every typed value kept, Save again possible.
 *
 * The outside world comes in through one actor slot and two effects:
 * - `saveProfile` (SaveProfileInput -> SavedProfile): PUT /api/me.
 * - `profileSaved` (SavedProfile): the route merges it into the page's one profile (and commits the avatar).
 * - `editCancelled`: the route tells the avatar field to drop an unsaved picture.
 */
export const profileEditMachine = setup({
  types: {} as {
    context: ProfileEditContext;
    events: ProfileEditEvent;
    tags: 'busy';
    children: { saveProfile: 'saveProfile' };
  },
  actors: {
    saveProfile: fromPromise<SavedProfile, SaveProfileInput>(async () => {
      throw new Error('actor saveProfile must be provided');
    }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validationErrors(context.values)).length === 0,
  },
  actions: {
    openOn: assign(({ event }) =>
      event.type === 'open' ? { ...initialContext(), values: valuesOf(event.profile) } : {},
    ),
    changeField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            values: withField(context.values, event.field, event.value),
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          }
        : {},
    ),
    selectTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab } : {})),
    changeImage: assign(({ context, event }) =>
      event.type === 'image.change' ? { values: { ...context.values, image: event.image } } : {},
    ),
    showValidationErrors: assign(({ context }) => {
      const fieldErrors = validationErrors(context.values);
      return { fieldErrors, error: undefined, tab: tabOfFirstError(fieldErrors, context.tab) };
    }),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    /**
     * spec 4 Profile save, failed: the server's field errors under their fields (string.phonenumber -> 'Please
     * enter a valid phone number'), on the tab of the first; a refusal on no known field is the form error.
     */
    showRefusal: assign(({ context, event }) => {
      const shown = refusalFrom(withFormFields(failureOf(event)), PROFILE_PLACES);
      return { ...shown, tab: tabOfFirstError(shown.fieldErrors, context.tab) };
    }),
    /** Nothing typed outlives the form: the next Edit starts from the page's profile again. */
    forget: assign(() => initialContext()),
    profileSaved: (_, _saved: SavedProfile) => {
      throw new Error('action profileSaved must be provided');
    },
    editCancelled: () => {
      throw new Error('action editCancelled must be provided');
    },
  },
}).createMachine({
  id: 'profileEdit',
  description:
    'spec 2 Me page: profile edit in tabs Personal info and Social profiles; spec 4 Profile save: idle, saving, saved (data merged, form closes) or failed (errors kept)',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      description: 'spec 4 Profile save: idle; spec 2 Me page: the profile view with its Edit button',
      on: { open: { target: 'editing', actions: 'openOn' } },
    },
    editing: {
      description:
        'spec 2 Me page: the form in tabs Personal info and Social profiles; spec 5 limits checked on Save; spec 4 failed: errors kept under their fields, typed values kept',
      on: {
        'field.change': { actions: 'changeField' },
        'tab.select': { actions: 'selectTab' },
        'image.change': { actions: 'changeImage' },
        save: [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showValidationErrors' }],
        cancel: { target: 'closed', actions: ['editCancelled', 'forget'] },
      },
    },
    saving: {
      description: "spec 4 Profile save: saving, PUT /api/me (spec 7); Save shows 'Processing'",
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => saveInput(context.values),
        onDone: {
          target: 'closed',
          actions: [{ type: 'profileSaved', params: ({ event }) => event.output }, 'forget'],
        },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
  },
});
