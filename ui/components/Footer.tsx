import { Trans, useLingui } from '@lingui/react/macro';
import '../styles/layout.css';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';

export interface FooterLinks {
  /** The browser plug-in and the FAQ live elsewhere: shown only when configured (routes/site/footerLinks.ts). */
  plugin?: string;
  faq?: string;
  privacy: string;
  terms: string;
}

/**
 * Defaults relative to the site root; the router's basepath (/root in development) is not known here,
 * so the routes pass their own hrefs.
 */
export const DEFAULT_FOOTER_LINKS: FooterLinks = {
  privacy: '/privacy',
  terms: '/terms-of-service',
};

export interface FooterProps {
  links?: FooterLinks;
  /** The copyright holder, shown after the year. */
  owner?: string;
  /** For stable tests; defaults to the current year. */
  year?: number;
}

/**
 * Footer (spec 2): browser plug-in and FAQ (when configured), privacy policy, terms of service, the language
 * switcher (docs/decisions/product.md: Languages), the colour-scheme switcher (docs/decisions/product.md: Dark mode),
 * copyright line.
 */
export function Footer({ links, owner, year = new Date().getFullYear() }: FooterProps) {
  const { t } = useLingui();
  const hrefs = links ?? DEFAULT_FOOTER_LINKS;
  return (
    <footer className="ui-footer">
      <nav aria-label={t`Footer`}>
        <ul className="ui-footer__links">
          {hrefs.plugin ? (
            <li>
              <a href={hrefs.plugin}>
                <Trans>Browser plug-in</Trans>
              </a>
            </li>
          ) : null}
          {hrefs.faq ? (
            <li>
              <a href={hrefs.faq}>
                <Trans>FAQ</Trans>
              </a>
            </li>
          ) : null}
          <li>
            <a href={hrefs.privacy}>
              <Trans>Privacy policy</Trans>
            </a>
          </li>
          <li>
            <a href={hrefs.terms}>
              <Trans>Terms of service</Trans>
            </a>
          </li>
        </ul>
      </nav>
      <LanguageSwitcher />
      <ThemeSwitcher />
      <p className="ui-footer__copyright">
        {owner ? (
          <Trans>
            © {year} {owner}. All rights reserved.
          </Trans>
        ) : (
          <Trans>© {year}. All rights reserved.</Trans>
        )}
      </p>
    </footer>
  );
}
