import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Modal } from './Modal';
import { renderUi } from './testing';

function DeviceTerms({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Continue
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Terms of use for private devices"
        maxWidth={750}
        maxHeight={580}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Back
            </Button>
            <Button onClick={close}>Confirm</Button>
          </>
        }
      >
        <p>Scope, duties, data separation...</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a labelled modal dialog with focus on its title', async () => {
    const { user } = renderUi(<DeviceTerms />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms of use for private devices' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Terms of use for private devices' }),
    );
  });

  it('takes its size limits from props', async () => {
    const { user } = renderUi(<DeviceTerms />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.style.getPropertyValue('--modal-max-width')).toBe('750px');
    expect(dialog.style.getPropertyValue('--modal-max-height')).toBe('580px');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = renderUi(<DeviceTerms />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<DeviceTerms onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Continue' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the close button and from footer buttons, returning focus', async () => {
    const { user } = renderUi(<DeviceTerms />);
    const opener = screen.getByRole('button', { name: 'Continue' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
