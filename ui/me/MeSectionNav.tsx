import { Trans, useLingui } from '@lingui/react/macro';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { ME_SECTIONS, type MeSectionName } from './MeSection';
import './security/security.css';

export interface MeSectionNavProps {
  /** The section the address names. */
  current: MeSectionName;
  /** Each section's address (docs/decisions/product.md: /me sections), for the links' href. */
  hrefs: Record<MeSectionName, string>;
  /** Goes to a section inside the app (a plain click; a click with a modifier key opens the link as the browser does). */
  onNavigate: (section: MeSectionName) => void;
}

const SECTION_ORDER: readonly MeSectionName[] = [
  ME_SECTIONS.profile,
  ME_SECTIONS.security,
  ME_SECTIONS.lists,
];

function SectionName({ section }: { section: MeSectionName }): ReactNode {
  if (section === 'security') return <Trans>Security</Trans>;
  if (section === 'lists') return <Trans>Organisations and channels</Trans>;
  return <Trans>Profile</Trans>;
}

/**
 * /me's section navigation (docs/decisions/product.md: /me sections): on a wide screen a side column of links, the
 * current one marked (`aria-current="page"`); on a phone a disclosure made for it, a button that names the current
 * section and opens the same links below it. Each link is the section's own address.
 */
export function MeSectionNav({ current, hrefs, onNavigate }: MeSectionNavProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const follow = (section: MeSectionName) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    onNavigate(section);
  };
  return (
    <nav aria-label={t`Sections of your account`} className="me-sections" data-open={open}>
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--full"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <Trans>Section</Trans>: <SectionName section={current} /> {open ? '\u25B4' : '\u25BE'}
      </button>
      {/* A column of links without bullets, spaced as the Security section's cards are (security.css). */}
      <ul id={listId} className="me-sessions__list">
        {SECTION_ORDER.map((section) => (
          <li key={section}>
            <a
              href={hrefs[section]}
              aria-current={section === current ? 'page' : undefined}
              onClick={follow(section)}
            >
              <SectionName section={section} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
