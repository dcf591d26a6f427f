import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';
import { renderUi } from './testing';

function Terms({ onChecked, error }: { onChecked?: (checked: boolean) => void; error?: string }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      checked={checked}
      error={error}
      onCheckedChange={(next) => {
        setChecked(next);
        onChecked?.(next);
      }}
      label={
        <>
          I accept the <a href="/terms-of-service">terms of service</a> and the{' '}
          <a href="/privacy">privacy policy</a>
        </>
      }
    />
  );
}

describe('Checkbox', () => {
  it('has rich label content as its accessible name and toggles from the label text', async () => {
    const onChecked = vi.fn();
    const { user } = renderUi(<Terms onChecked={onChecked} />);
    const box = screen.getByRole('checkbox', {
      name: 'I accept the terms of service and the privacy policy',
    }) as HTMLInputElement;
    await user.click(screen.getByText(/I accept the/));
    expect(box.checked).toBe(true);
    expect(onChecked).toHaveBeenLastCalledWith(true);
    await user.click(box);
    expect(box.checked).toBe(false);
  });

  it('keeps its links working as links', () => {
    renderUi(<Terms />);
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('toggles with the keyboard', async () => {
    const { user } = renderUi(<Terms />);
    await user.tab();
    await user.keyboard(' ');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('ties a required-error to the box', () => {
    renderUi(<Terms error="Please accept the terms" />);
    const box = screen.getByRole('checkbox', { description: 'Please accept the terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms');
  });
});
