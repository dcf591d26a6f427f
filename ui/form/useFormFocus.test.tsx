import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Refusal } from '../../machines/form/refusal';
import type { FormErrors } from './fieldText';
import { useFormFocus } from './useFormFocus';

const FIELDS = ['email', 'password'] as const;

/** A form on the kit: its heading, two fields in form order and a submit; `ownHeading` is a part's h2. */
function Form({
  error,
  send = () => ({}),
  ownHeading = false,
}: {
  error?: Refusal;
  send?: () => FormErrors['fieldErrors'];
  ownHeading?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { rootRef, submit } = useFormFocus(error, FIELDS, send, ownHeading ? heading : undefined);
  return (
    <>
      <h1>The page</h1>
      <div ref={rootRef}>
        {ownHeading ? <h2 ref={heading}>The part</h2> : <h1>The form</h1>}
        <form noValidate onSubmit={submit}>
          <input name="email" aria-label="E-mail" defaultValue="ada@example.com" />
          <textarea name="password" aria-label="Password" defaultValue="secret" />
          <button type="submit">Send</button>
        </form>
      </div>
    </>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const isSelected = (input: HTMLInputElement | HTMLTextAreaElement) =>
  input.selectionStart === 0 && input.selectionEnd === input.value.length;

describe('useFormFocus', () => {
  it("focuses the form's h1 when it appears, not the page's", () => {
    render(<Form />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The form' }));
  });

  it('focuses the heading it is given instead (a part under the page’s headings)', () => {
    render(<Form ownHeading />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The part' }));
  });

  it('focuses and selects the field a refusal is placed under', () => {
    const { rerender } = render(<Form />);
    rerender(<Form error={{ code: 'email_not_found_error', field: 'email' }} />);
    expect(document.activeElement).toBe(field('E-mail'));
    expect(isSelected(field('E-mail'))).toBe(true);
  });

  it('finds a text area too', () => {
    const { rerender } = render(<Form />);
    rerender(<Form error={{ code: 'unknown_credential_error', field: 'password' }} />);
    expect(document.activeElement).toBe(field('Password'));
  });

  it('leaves the focus where it is for a form error (no field)', () => {
    const { rerender } = render(<Form />);
    rerender(<Form error={{ code: 'rate_limited_error' }} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The form' }));
  });

  it('focuses the same field again for a new refusal with the same field', () => {
    const { rerender } = render(<Form error={{ code: 'email_not_found_error', field: 'email' }} />);
    field('Password').focus();
    rerender(<Form error={{ code: 'email_not_found_error', field: 'email' }} />);
    expect(document.activeElement).toBe(field('E-mail'));
  });

  it('submit sends the form once and keeps the browser from sending it', () => {
    const send = vi.fn(() => ({}));
    render(<Form send={send} />);
    const sent = fireEvent.submit(
      screen.getByRole('button', { name: 'Send' }).closest('form') as HTMLFormElement,
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(sent).toBe(false); // preventDefault was called
  });

  it("after a refused submit, focuses the first invalid field in the form's order", async () => {
    const user = userEvent.setup();
    // The errors come in another order than the form's: the form's order decides.
    render(<Form send={() => ({ password: 'string.min', email: 'string.email' })} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(field('E-mail'));
    expect(isSelected(field('E-mail'))).toBe(true);
  });

  it('skips the fields without an error', async () => {
    const user = userEvent.setup();
    render(<Form send={() => ({ email: undefined, password: 'string.min' })} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(field('Password'));
  });

  it('moves no focus after a submit the form accepted', async () => {
    const user = userEvent.setup();
    render(<Form send={() => ({})} />);
    const button = screen.getByRole('button', { name: 'Send' });
    await user.click(button);
    expect(document.activeElement).toBe(button);
  });
});
