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

  it('is no live region when it holds parts that change by themselves (live={false})', () => {
    const { container } = renderUi(
      <Alert tone="warning" title="Note" live={false}>
        You can send it again in 42 s.
      </Alert>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const box = container.querySelector('.ui-alert');
    expect(box?.getAttribute('data-tone')).toBe('warning');
    expect(box?.getAttribute('aria-live')).toBeNull();
  });
});
