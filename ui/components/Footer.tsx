import { Trans, useLingui } from '@lingui/react/macro';
import '../styles/layout.css';

export interface FooterLinks {
  plugin: string;
  faq: string;
  privacy: string;
  terms: string;
}

/**
 * Defaults relative to the site root; the router's basepath (/root in development) is not known here,
 * so the routes pass their own hrefs.
 */
export const DEFAULT_FOOTER_LINKS: FooterLinks = {
  plugin: '/plugin',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms-of-service',
};

export interface FooterProps {
  links?: Partial<FooterLinks>;
  /** The copyright holder, shown after the year. */
  owner?: string;
  /** For stable tests; defaults to the current year. */
  year?: number;
}

/** Footer (spec 2): browser plug-in, FAQ, privacy policy, terms of service, copyright line. */
export function Footer({ links, owner, year = new Date().getFullYear() }: FooterProps) {
  const { t } = useLingui();
  const hrefs = { ...DEFAULT_FOOTER_LINKS, ...links };
  return (
    <footer className="ui-footer">
      <nav aria-label={t`Footer`}>
        <ul className="ui-footer__links">
          <li>
            <a href={hrefs.plugin}>
              <Trans>Browser plug-in</Trans>
            </a>
          </li>
          <li>
            <a href={hrefs.faq}>
              <Trans>FAQ</Trans>
            </a>
          </li>
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
