import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TERMS_WORDINGS } from '../../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../../api/contract/organisationTerms';
import { renderUi } from '../components/testing';
import { TermsField } from './TermsField';
import { expectTermsField } from './testing';

const defaultLinks = { terms: '/base/terms-of-service', privacy: '/base/privacy' };

function Field({ terms, onChange }: { terms: OrganisationTerms; onChange?: (c: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <TermsField
      terms={terms}
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
      defaultLinks={defaultLinks}
    />
  );
}

describe('TermsField (spec 2 Register: worded and linked by the organisation’s data)', () => {
  it.each(TERMS_WORDINGS)('%s: its own wording, its two addresses in a new tab', (wording) => {
    const terms: OrganisationTerms = {
      wording,
      termsUrl: `https://${wording.replaceAll('_', '-')}.example/terms`,
      privacyUrl: `https://${wording.replaceAll('_', '-')}.example/privacy`,
    };
    renderUi(<Field terms={terms} />);
    const box = expectTermsField(terms, defaultLinks);
    expect(box.required).toBe(true);
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it("a missing address is the site's own page, as a plain link; the other stays the organisation's", () => {
    const terms: OrganisationTerms = {
      wording: 'lit',
      termsUrl: 'https://lit.example/terms',
      privacyUrl: null,
    };
    renderUi(<Field terms={terms} />);
    expectTermsField(terms, defaultLinks);
    expect(screen.getByRole('link', { name: 'LIT privacy policy' }).getAttribute('href')).toBe(
      '/base/privacy',
    );
  });

  it("a branded wording without addresses links the site's pages", () => {
    const terms: OrganisationTerms = { wording: 'ceramtec', termsUrl: null, privacyUrl: null };
    renderUi(<Field terms={terms} />);
    expectTermsField(terms, defaultLinks);
  });

  it("the site's own terms: the default wording and the site's pages (the curator sign-up)", () => {
    renderUi(<Field terms={DEFAULT_ORGANISATION_TERMS} />);
    expectTermsField(DEFAULT_ORGANISATION_TERMS, defaultLinks);
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe(
      '/base/terms-of-service',
    );
  });

  it('toggles from the box', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Field terms={DEFAULT_ORGANISATION_TERMS} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('shows an error tied to the box', () => {
    renderUi(
      <TermsField
        terms={DEFAULT_ORGANISATION_TERMS}
        checked={false}
        onChange={() => {}}
        error="Please accept the terms"
        defaultLinks={defaultLinks}
      />,
    );
    const box = screen.getByRole('checkbox', { description: 'Please accept the terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});
