import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './Alert';
import { renderUi } from './testing';

describe('Alert', () => {
  it('announces errors at once (role=alert)', () => {
    renderUi(<Alert tone="error">Wrong e-mail or password</Alert>);
    expect(screen.getByRole('alert').textContent).toBe('Wrong e-mail or password');
  });

  it.each(['info', 'success', 'warning'] as const)('announces %s politely (role=status)', (tone) => {
    renderUi(
      <Alert tone={tone} title="Note">
        Please verify your email address.
      </Alert>,
    );
    const status = screen.getByRole('status');
    expect(status.dataset.tone).toBe(tone);
    expect(status.textContent).toBe('NotePlease verify your email address.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
