import { Trans, useLingui } from '@lingui/react/macro';
import { ME_SECTIONS } from './MeSection';

/**
 * /me's in-page navigation (docs/decisions/product.md: /me sections): plain links to the sections' ids, so every section
 * stays on the page (find in page, reading order) and a link such as /me#security opens at that section.
 */
export function MeSectionNav() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Sections of your account`} className="me-sections">
      <ul className="me-sections__list">
        <li>
          <a href={`#${ME_SECTIONS.profile}`}>
            <Trans>Profile</Trans>
          </a>
        </li>
        <li>
          <a href={`#${ME_SECTIONS.security}`}>
            <Trans>Security</Trans>
          </a>
        </li>
        <li>
          <a href={`#${ME_SECTIONS.lists}`}>
            <Trans>Organisations and channels</Trans>
          </a>
        </li>
      </ul>
    </nav>
  );
}
