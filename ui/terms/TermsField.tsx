import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Checkbox } from '../components/Checkbox';
import { type TermsKind, type TermsLinks, termsKindOf, termsLinksOf } from './organisationTerms';

export interface TermsFieldProps {
  /** The organisation whose wording applies (spec 2 Register); null or unknown: the default wording. */
  organisationSubdomain: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Inline error, already translated (the terms are required, spec 5). */
  error?: ReactNode;
  /** The site's own pages, for the default wording (/terms-of-service and /privacy under the base path). */
  defaultLinks: TermsLinks;
}

/** spec 2 Register: the required terms-and-privacy checkbox, worded and linked per organisation. */
export function TermsField({
  organisationSubdomain,
  checked,
  onChange,
  error,
  defaultLinks,
}: TermsFieldProps) {
  const kind = termsKindOf(organisationSubdomain);
  const links = termsLinksOf(kind, defaultLinks);
  return (
    <Checkbox
      name="terms"
      required
      checked={checked}
      onCheckedChange={onChange}
      error={error}
      data-terms={kind}
      label={<TermsWording kind={kind} links={links} />}
    />
  );
}

function TermsWording({ kind, links }: { kind: TermsKind; links: TermsLinks }) {
  const external = kind !== 'default';
  const Link = ({ href, children }: { href: string; children: ReactNode }) =>
    external ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <a href={href}>{children}</a>
    );
  const terms = links.terms;
  const privacy = links.privacy;
  switch (kind) {
    case 'wernsing_food_family':
      return (
        <Trans>
          I accept the <Link href={terms}>terms of use of the Wernsing Food Family</Link> and have read its{' '}
          <Link href={privacy}>privacy notice</Link>.
        </Trans>
      );
    case 'ceramtec':
      return (
        <Trans>
          I accept the <Link href={terms}>CeramTec terms of use</Link> and the{' '}
          <Link href={privacy}>CeramTec privacy policy</Link>.
        </Trans>
      );
    case 'unicef_for_every_child':
      return (
        <Trans>
          I agree to UNICEF's <Link href={terms}>terms of use</Link> and consent to the processing of my data
          as described in UNICEF's <Link href={privacy}>privacy policy</Link>.
        </Trans>
      );
    case 'lit':
      return (
        <Trans>
          I accept the <Link href={terms}>terms of use of LIT</Link> and the{' '}
          <Link href={privacy}>LIT privacy policy</Link>.
        </Trans>
      );
    default:
      return (
        <Trans>
          I accept the <Link href={terms}>terms of service</Link> and the{' '}
          <Link href={privacy}>privacy policy</Link>.
        </Trans>
      );
  }
}
