import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { Refusal } from '../../machines/form/refusal';
import type { FormErrors } from './fieldText';
import { useFormFocus } from './useFormFocus';

const FIELDS = ['email', 'password'] as const;

type FieldErrors = FormErrors['fieldErrors'];

/** A form machine as the kit reads one: its refusal, and the field errors its own check leaves after a submit. */
const formMachine = setup({
  types: {} as {
    context: { error: Refusal | undefined; fieldErrors: FieldErrors; check: () => FieldErrors };
    events: { type: 'form.submit' } | { type: 'refuse'; error: Refusal };
    input: { check: () => FieldErrors };
  },
}).createMachine({
  context: ({ input }) => ({ error: undefined, fieldErrors: {}, check: input.check }),
  on: {
    'form.submit': { actions: assign({ fieldErrors: ({ context }) => context.check() }) },
    refuse: { actions: assign({ error: ({ event }) => event.error }) },
  },
});

const formActor = (check: () => FieldErrors = () => ({})) =>
  createActor(formMachine, { input: { check } }).start();

/** A form on the kit: its heading, two fields in form order and a submit; `ownHeading` is a part's h2. */
function Form({
  actor,
  ownHeading = false,
  onMount,
}: {
  actor: ReturnType<typeof formActor>;
  ownHeading?: boolean;
  onMount?: 'heading' | 'firstField' | 'nothing';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actor, FIELDS, {
    ...(ownHeading ? { heading } : {}),
    ...(onMount ? { onMount } : {}),
  });
  return (
    <>
      <h1>The page</h1>
      <h2 ref={heading}>The part</h2>
      <div ref={rootRef}>
        {ownHeading ? null : <h1>The form</h1>}
        <form noValidate onSubmit={submit}>
          <input name="email" aria-label="E-mail" defaultValue="ada@example.com" />
          <textarea name="password" aria-label="Password" defaultValue="secret" />
          <button type="submit">Send</button>
        </form>
      </div>
    </>
  );
}

/** Refuses as the machine would after a call; the view re-renders from the actor. */
const refuse = (actor: ReturnType<typeof formActor>, error: Refusal) =>
  act(() => actor.send({ type: 'refuse', error }));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const isSelected = (input: HTMLInputElement | HTMLTextAreaElement) =>
  input.selectionStart === 0 && input.selectionEnd === input.value.length;

describe('useFormFocus', () => {
  it("focuses the form's h1 when it appears, not the page's", () => {
    render(<Form actor={formActor()} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The form' }));
  });

  it('focuses the heading it is given instead (a part under the page’s headings)', () => {
    render(<Form actor={formActor()} ownHeading />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The part' }));
  });

  it('focuses and selects the field a refusal is placed under', () => {
    const actor = formActor();
    render(<Form actor={actor} />);
    refuse(actor, { code: 'email_not_found_error', field: 'email' });
    expect(document.activeElement).toBe(field('E-mail'));
    expect(isSelected(field('E-mail'))).toBe(true);
  });

  it('finds a text area too', () => {
    const actor = formActor();
    render(<Form actor={actor} />);
    refuse(actor, { code: 'unknown_credential_error', field: 'password' });
    expect(document.activeElement).toBe(field('Password'));
  });

  it('leaves the focus where it is for a form error (no field)', () => {
    const actor = formActor();
    render(<Form actor={actor} />);
    refuse(actor, { code: 'rate_limited_error' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The form' }));
  });

  it('focuses the same field again for a new refusal with the same field', () => {
    const actor = formActor();
    render(<Form actor={actor} />);
    refuse(actor, { code: 'email_not_found_error', field: 'email' });
    field('Password').focus();
    refuse(actor, { code: 'email_not_found_error', field: 'email' });
    expect(document.activeElement).toBe(field('E-mail'));
  });

  it('submit sends the form once and keeps the browser from sending it', () => {
    const check = vi.fn(() => ({}));
    render(<Form actor={formActor(check)} />);
    const sent = fireEvent.submit(
      screen.getByRole('button', { name: 'Send' }).closest('form') as HTMLFormElement,
    );
    expect(check).toHaveBeenCalledTimes(1);
    expect(sent).toBe(false); // preventDefault was called
  });

  it("after a refused submit, focuses the first invalid field in the form's order", async () => {
    const user = userEvent.setup();
    // The errors come in another order than the form's: the form's order decides.
    render(<Form actor={formActor(() => ({ password: 'string.min', email: 'string.email' }))} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(field('E-mail'));
    expect(isSelected(field('E-mail'))).toBe(true);
  });

  it('skips the fields without an error', async () => {
    const user = userEvent.setup();
    render(<Form actor={formActor(() => ({ email: undefined, password: 'string.min' }))} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(field('Password'));
  });

  it('moves no focus after a submit the form accepted', async () => {
    const user = userEvent.setup();
    render(<Form actor={formActor()} />);
    const button = screen.getByRole('button', { name: 'Send' });
    await user.click(button);
    expect(document.activeElement).toBe(button);
  });

  it('focuses the first field instead when told (a form that opens in place of a button), not selected', () => {
    render(<Form actor={formActor()} onMount="firstField" />);
    expect(document.activeElement).toBe(field('E-mail'));
    expect(isSelected(field('E-mail'))).toBe(false);
  });

  it('moves no focus on mount when told (a view that moves it itself)', () => {
    render(<Form actor={formActor()} onMount="nothing" />);
    expect(document.activeElement).toBe(document.body);
  });
});
