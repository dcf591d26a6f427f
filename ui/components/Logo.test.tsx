import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './Logo';
import { renderUi } from './testing';

describe('Logo', () => {
  it('is decorative without a title', () => {
    const { container } = renderUi(<Logo />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is a named image with a title, at the given size', () => {
    renderUi(<Logo title="Account" size={24} />);
    const image = screen.getByRole('img', { name: 'Account' });
    expect(image.getAttribute('width')).toBe('24');
    expect(image.getAttribute('height')).toBe('24');
  });
});
