import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OrganisationTerms } from '../../api/contract/organisationTerms';
import { Checkbox } from '../components/Checkbox';

/** The site's own terms and privacy pages (/terms-of-service and /privacy under the base path). */
export interface TermsLinks {
  terms: string;
  privacy: string;
}

export interface TermsFieldProps {
  /**
   * The organisation's terms checkbox as the server answers it (spec 2 Register: its wording and its two
   * addresses); DEFAULT_ORGANISATION_TERMS for the site's own (the curator sign-up).
   */
  terms: OrganisationTerms;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Inline error, already translated (the terms are required, spec 5). */
  error?: ReactNode;
  /** The site's own pages: where a link goes when the organisation has no address of its own for it. */
  defaultLinks: TermsLinks;
}

/**
 * spec 2 Register: the required terms-and-privacy checkbox, worded and linked as the organisation's data says
 * (docs/decisions/product.md: Organisation terms come from the organisation's data).
 */
export function TermsField({ terms, checked, onChange, error, defaultLinks }: TermsFieldProps) {
  return (
    <Checkbox
      name="terms"
      required
      checked={checked}
      onCheckedChange={onChange}
      error={error}
      data-terms={terms.wording}
      label={<TermsWording terms={terms} defaultLinks={defaultLinks} />}
    />
  );
}

/** One of the two links: the organisation's own address opens in a new tab; the site's page is a plain link. */
interface TermsLinkTarget {
  href: string;
  external: boolean;
}

const linkTo = (address: string | null, sitePage: string): TermsLinkTarget =>
  address === null ? { href: sitePage, external: false } : { href: address, external: true };

function Link({ to, children }: { to: TermsLinkTarget; children: ReactNode }) {
  return to.external ? (
    <a href={to.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={to.href}>{children}</a>
  );
}

function TermsWording({
  terms: organisationTerms,
  defaultLinks,
}: {
  terms: OrganisationTerms;
  defaultLinks: TermsLinks;
}) {
  const terms = linkTo(organisationTerms.termsUrl, defaultLinks.terms);
  const privacy = linkTo(organisationTerms.privacyUrl, defaultLinks.privacy);
  switch (organisationTerms.wording) {
    case 'wernsing_food_family':
      return (
        <Trans>
          I accept the <Link to={terms}>terms of use of the Wernsing Food Family</Link> and have read its{' '}
          <Link to={privacy}>privacy notice</Link>.
        </Trans>
      );
    case 'ceramtec':
      return (
        <Trans>
          I accept the <Link to={terms}>CeramTec terms of use</Link> and the{' '}
          <Link to={privacy}>CeramTec privacy policy</Link>.
        </Trans>
      );
    case 'unicef_for_every_child':
      return (
        <Trans>
          I agree to UNICEF's <Link to={terms}>terms of use</Link> and consent to the processing of my data as
          described in UNICEF's <Link to={privacy}>privacy policy</Link>.
        </Trans>
      );
    case 'lit':
      return (
        <Trans>
          I accept the <Link to={terms}>terms of use of LIT</Link> and the{' '}
          <Link to={privacy}>LIT privacy policy</Link>.
        </Trans>
      );
    default:
      return (
        <Trans>
          I accept the <Link to={terms}>terms of service</Link> and the{' '}
          <Link to={privacy}>privacy policy</Link>.
        </Trans>
      );
  }
}
