import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../components/testing';
import { termsKindOf, termsLinksOf } from './organisationTerms';
import { TermsField } from './TermsField';

const defaultLinks = { terms: '/base/terms-of-service', privacy: '/base/privacy' };

function Field({ organisation, onChange }: { organisation: string | null; onChange?: (c: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <TermsField
      organisationSubdomain={organisation}
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
      defaultLinks={defaultLinks}
    />
  );
}

describe('organisation terms table (spec 2 Register)', () => {
  it('knows the four branded organisations case-insensitively, everything else is the default', () => {
    expect(termsKindOf('CeramTec')).toBe('ceramtec');
    expect(termsKindOf('lit')).toBe('lit');
    expect(termsKindOf('welcome')).toBe('default');
    expect(termsKindOf(null)).toBe('default');
    expect(termsLinksOf('default', defaultLinks)).toBe(defaultLinks);
    expect(termsLinksOf('lit', defaultLinks).terms).toMatch(/^https:\/\//);
  });
});

describe('TermsField', () => {
  it.each([
    ['welcome', /terms of service/, '/base/terms-of-service'],
    ['wernsing_food_family', /Wernsing Food Family/, 'https://www.wernsing.de/nutzungsbedingungen'],
    ['ceramtec', /CeramTec terms of use/, 'https://www.ceramtec-group.com/en/terms-of-use'],
    ['unicef_for_every_child', /UNICEF's terms of use/, 'https://www.unicef.org/legal'],
    ['lit', /terms of use of LIT/, 'https://www.lit.de/nutzungsbedingungen'],
  ])('%s: its own wording and links', (organisation, wording, termsHref) => {
    renderUi(<Field organisation={organisation} />);
    const box = screen.getByRole('checkbox', { name: wording });
    expect((box as HTMLInputElement).required).toBe(true);
    const links = screen.getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe(termsHref);
    expect(links).toHaveLength(2);
  });

  it('toggles from the box', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Field organisation={null} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('shows an error tied to the box', () => {
    renderUi(
      <TermsField
        organisationSubdomain={null}
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
