import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DisclosureMenu } from '../components/DisclosureMenu';
import { ME_SECTIONS, type MeSectionName } from './MeSection';

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
 * current one marked (`aria-current="page"`); on a phone the design system's disclosure menu, a button that names the
 * current section and opens the same links below it (me.css shows the links as a column from 60rem). Each link is
 * the section's own address.
 */
export function MeSectionNav({ current, hrefs, onNavigate }: MeSectionNavProps) {
  const { t } = useLingui();
  return (
    <DisclosureMenu
      label={t`Sections of your account`}
      className="me-sections"
      toggleText={
        <>
          <Trans>Section</Trans>: <SectionName section={current} />
        </>
      }
      links={SECTION_ORDER.map((section) => ({
        key: section,
        href: hrefs[section],
        text: <SectionName section={section} />,
        current: section === current,
      }))}
      onFollow={(key) => onNavigate(key as MeSectionName)}
    />
  );
}
