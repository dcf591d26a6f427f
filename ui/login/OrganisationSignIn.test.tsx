import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../components/testing';
import { OrganisationSignIn } from './OrganisationSignIn';

afterEach(() => window.history.replaceState(null, '', '/'));

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
    // navigation never leaves our origin and CSP form-action 'self' holds (docs/decisions.md: Sign in with your
    // organisation ends on our origin; shown in Chromium by test/rehearsal/organisationSignIn.rehearsal.test.ts).
    expect(form?.getAttribute('action')).toBe('/auth/organisation/start');
    expect(form?.getAttribute('target')).toBeNull();
  });

  it('opens with the organisation of ?organisation= filled in', () => {
    window.history.replaceState(null, '', '/login?organisation=lit');
    renderUi(<OrganisationSignIn />);
    expect(screen.getByText('Sign in with your organisation').closest('details')?.open).toBe(true);
    expect(screen.getByLabelText('Organisation')).toHaveProperty('value', 'lit');
  });
});
