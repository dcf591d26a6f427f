import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../components/testing';
import { OrganisationSignIn } from './OrganisationSignIn';

describe('Sign in with your organisation', () => {
  it('is closed at first, asks for the organisation and sends it to the server', () => {
    renderUi(<OrganisationSignIn />);
    const summary = screen.getByText('Sign in with your organisation');
    expect(summary.closest('details')?.open).toBe(false);
    // A native <details>: the browser opens it by click or keyboard (the Chromium journey does).
    expect(summary.tagName).toBe('SUMMARY');
    const input = screen.getByLabelText('Organisation');
    expect(input).toHaveProperty('name', 'organisation');
    expect(input).toHaveProperty('required', true);
    const form = input.closest('form');
    expect(form?.getAttribute('method')).toBe('get');
    // A path of our own origin: the server answers it with a page that moves on to the provider, so the form's
    // navigation never leaves our origin and CSP form-action 'self' holds (docs/decisions/security.md: Sign in with your
    // organisation ends on our origin; shown in Chromium by test/rehearsal/organisationSignIn.rehearsal.test.ts).
    expect(form?.getAttribute('action')).toBe('/auth/organisation/start');
    expect(form?.getAttribute('target')).toBeNull();
  });

  it('opens with the organisation of ?organisation= filled in', () => {
    renderUi(<OrganisationSignIn sentBack={{ organisation: 'lit' }} />);
    expect(screen.getByText('Sign in with your organisation').closest('details')?.open).toBe(true);
    expect(screen.getByLabelText('Organisation')).toHaveProperty('value', 'lit');
  });

  it('says under the field that an organisation sent back by the server does not exist (no provider named)', () => {
    renderUi(
      <OrganisationSignIn
        sentBack={{ organisation: 'nowhere', organisationError: 'missing_organisation' }}
      />,
    );
    const input = screen.getByLabelText('Organisation');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      "Organisation doesn't exist. Please make sure you are entering the organisation name correctly",
    );
    expect(screen.queryByText(/Okta|Azure/)).toBeNull();
  });

  it('uses the site’s field and button, and refuses an empty organisation with its own message', async () => {
    renderUi(<OrganisationSignIn />);
    const form = screen.getByLabelText('Organisation').closest('form') as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect(screen.getByLabelText('Organisation').closest('.ui-field')).not.toBeNull();
    const submitted = vi.fn();
    // After React's own handler (delegated to the root): was the navigation stopped?
    const listener = (event: Event) => submitted(event.defaultPrevented);
    document.addEventListener('submit', listener);
    await userEvent.click(screen.getByRole('button', { name: 'Continue', hidden: true }));
    document.removeEventListener('submit', listener);
    expect(submitted).toHaveBeenCalledWith(true);
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('This field is required.');
    expect(document.activeElement).toBe(screen.getByLabelText('Organisation'));
  });
});
