import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import '../styles/menu.css';
import { RowList } from './RowList';

export interface MenuLink {
  /** The item's key among its siblings. */
  key: string;
  href: string;
  text: ReactNode;
  /** The page the reader is on (`aria-current="page"`). */
  current?: boolean;
}

export interface DisclosureMenuProps {
  /** The navigation's name ('Sections of your account'). */
  label: string;
  /** The button's words: what is shown now ('Section: Profile'). */
  toggleText: ReactNode;
  links: readonly MenuLink[];
  /** Goes to a link inside the app on a plain click (a click with a modifier key is left to the browser). */
  onFollow: (key: string) => void;
  /** The screen's own class, for where it places the menu (a side column on a wide screen). */
  className?: string;
}

/**
 * A menu of links behind a button, the disclosure pattern (WAI-ARIA APG: a button with `aria-expanded` and
 * `aria-controls` showing a list of ordinary links): each link keeps its address, so it opens in a new tab as links
 * do. A plain click goes inside the app and closes the menu; Escape closes it and gives the focus back to the button.
 */
export function DisclosureMenu({ label, toggleText, links, onFollow, className }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const follow = (key: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    onFollow(key);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <nav
      aria-label={label}
      className={className ? `ui-menu ${className}` : 'ui-menu'}
      data-open={open}
      onKeyDown={closeOnEscape}
    >
      <button
        ref={toggle}
        type="button"
        className="ui-button ui-button--secondary ui-button--full ui-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {toggleText} {open ? '\u25B4' : '\u25BE'}
      </button>
      <RowList id={listId}>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} aria-current={link.current ? 'page' : undefined} onClick={follow(link.key)}>
              {link.text}
            </a>
          </li>
        ))}
      </RowList>
    </nav>
  );
}
