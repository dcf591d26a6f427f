import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loader } from './Loader';
import { renderUi } from './testing';

describe('Loader', () => {
  it('is a status with a default label and a decorative logo', () => {
    const { container } = renderUi(<Loader />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes a label and a full-page mode', () => {
    renderUi(<Loader label="Signing you in" fullPage />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Signing you in');
    expect(status.hasAttribute('data-full-page')).toBe(true);
  });
});
