import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IconButton } from './IconButton';
import { PencilIcon } from './icons';
import { renderUi } from './testing';

function SubdomainPencil() {
  const [editing, setEditing] = useState(false);
  return (
    <IconButton
      label="Edit subdomain"
      icon={<PencilIcon />}
      pressed={editing}
      onClick={() => setEditing(!editing)}
    />
  );
}

describe('IconButton', () => {
  it('is named by its label, not its icon, and toggles aria-pressed', async () => {
    const { user } = renderUi(<SubdomainPencil />);
    const button = screen.getByRole('button', { name: 'Edit subdomain' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('has no aria-pressed when it is not a toggle', () => {
    renderUi(<IconButton label="Copy" icon={null} />);
    expect(screen.getByRole('button', { name: 'Copy' }).hasAttribute('aria-pressed')).toBe(false);
  });
});
