import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';
import { renderUi } from './testing';

describe('Skeleton', () => {
  it('says what loads in a status region; its rows are drawing only', () => {
    const { container } = renderUi(<Skeleton label="Loading your channels…" rows={4} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your channels…');
    const rows = container.querySelector('.ui-skeleton__rows');
    expect(rows?.getAttribute('aria-hidden')).toBe('true');
    expect(rows?.children).toHaveLength(4);
  });
});
