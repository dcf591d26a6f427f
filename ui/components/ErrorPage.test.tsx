import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './ErrorPage';
import { renderUi } from './testing';

describe('ErrorPage', () => {
  it("says 'Sorry, something went wrong' and takes focus", () => {
    renderUi(<ErrorPage />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a retry when given one', async () => {
    const onRetry = vi.fn();
    const { user } = renderUi(
      <ErrorPage onRetry={onRetry}>
        <p>The server did not answer.</p>
      </ErrorPage>,
    );
    expect(screen.getByText('The server did not answer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes its own title and retry label', () => {
    renderUi(<ErrorPage title="Invalid link" onRetry={() => {}} retryLabel="Reload" />);
    expect(screen.getByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
