import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MethodRow } from './MethodRow';

describe('MethodRow', () => {
  it('reads name, state, description, then the action, and what opens in place after the whole head', () => {
    const { container } = render(
      <MethodRow
        heading={<h3>Passkeys</h3>}
        status={<span>2 passkeys</span>}
        description="Sign in without a password."
        action={<button type="button">Add a passkey</button>}
      >
        <form aria-label="Add a passkey form" />
      </MethodRow>,
    );
    expect(container.textContent).toBe('Passkeys2 passkeysSign in without a password.Add a passkey');
    const head = container.querySelector('.me-method');
    const form = screen.getByRole('form', { name: 'Add a passkey form' });
    // The form is not inside the head (so never in its action column): it follows it at the row's full width.
    expect(head?.contains(form)).toBe(false);
    expect(head?.nextElementSibling).toBe(form);
    expect(head?.querySelector('.me-method__action')?.textContent).toBe('Add a passkey');
  });

  it('leaves out the state, the description and the action column when a row has none', () => {
    const { container } = render(<MethodRow heading={<h3>Two-factor authentication</h3>} />);
    expect(container.querySelector('.me-method__description')).toBeNull();
    expect(container.querySelector('.me-method__action')).toBeNull();
  });
});
