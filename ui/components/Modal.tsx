import { useLingui } from '@lingui/react/macro';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react';
import '../styles/modal.css';
import { tabbableElements } from './focusable';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on the browser's own close request; the caller closes. */
  onClose: () => void;
  /** Heading of the dialog; also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Action row at the bottom (e.g. Back and Confirm). */
  footer?: ReactNode;
  /** CSS length or px number; the spec's device-terms modal uses 750 x 580. */
  maxWidth?: number | string;
  maxHeight?: number | string;
  /** Long content that scrolls (the device terms): the body joins the tab order so the keyboard can scroll it. */
  scrollable?: boolean;
  /** Hides the X button when the footer already offers a way out. */
  hideCloseButton?: boolean;
  /** Element to focus on open; by default the title, so screen readers start at the top of long text. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Modal dialog on the native <dialog> (showModal: top layer, inert page behind). Focus moves in on open,
 * Tab cycles inside, Escape closes, and focus returns to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  maxWidth = 560,
  maxHeight,
  hideCloseButton = false,
  scrollable = false,
  initialFocusRef,
}: ModalProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    (initialFocusRef?.current ?? titleRef.current)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Back to the opener (if it is still on the page), on close and on unmount alike.
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab') trapTab(event);
  };

  // The browser's close request (Escape, Android back) would close the dialog behind React's back.
  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // Custom properties, so the stylesheet can still shrink the dialog to a small screen.
  const size = {
    '--modal-max-width': toLength(maxWidth),
    ...(maxHeight === undefined ? {} : { '--modal-max-height': toLength(maxHeight) }),
  } as CSSProperties;

  return (
    <dialog
      ref={dialogRef}
      className="ui-modal"
      aria-labelledby={titleId}
      aria-modal="true"
      style={size}
      onKeyDown={handleKeyDown}
      onCancel={handleCancel}
    >
      {open ? (
        <div className="ui-modal__frame">
          <header className="ui-modal__header">
            <h2 id={titleId} ref={titleRef} tabIndex={-1} className="ui-modal__title">
              {title}
            </h2>
            {hideCloseButton ? null : (
              <button type="button" className="ui-modal__close" aria-label={t`Close`} onClick={onClose}>
                <CloseIcon />
              </button>
            )}
          </header>
          {/* Focusable: long content (the device terms) scrolls, and keyboard users must be able to scroll it. */}
          <div className="ui-modal__body" tabIndex={scrollable ? 0 : undefined}>
            {children}
          </div>
          {footer ? <footer className="ui-modal__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

function toLength(value: number | string): string {
  return typeof value === 'number' ? `${value}px` : value;
}

/** Keeps Tab and Shift+Tab inside the dialog, wrapping at either end. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  const tabbables = tabbableElements(event.currentTarget);
  const first = tabbables[0];
  const last = tabbables[tabbables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !tabbables.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
