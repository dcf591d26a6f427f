import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from './Button';
import { renderUi } from './testing';

describe('Button', () => {
  it('is a plain button by default and calls onClick', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('ui-button--primary');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each(['primary', 'secondary', 'link', 'danger'] as const)('renders the %s variant', (variant) => {
    renderUi(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button').className).toContain(`ui-button--${variant}`);
  });

  it('while busy: aria-busy, a spinner, still focusable, and clicks do nothing', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(
      <Button busy onClick={onClick}>
        Processing
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Processing' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.querySelector('.ui-spinner')?.getAttribute('aria-hidden')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while busy, and does when idle', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const form = (busy: boolean) => (
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" busy={busy}>
          Log in
        </Button>
      </form>
    );
    const { user, rerender } = renderUi(form(true));
    await user.click(screen.getByRole('button'));
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(form(false));
    await user.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives links the look of a button', () => {
    expect(buttonClassName({ variant: 'secondary', fullWidth: true })).toBe(
      'ui-button ui-button--secondary ui-button--full',
    );
  });
});
