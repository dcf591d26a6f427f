import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingLayout } from './LandingLayout';
import { renderUi } from './testing';

describe('LandingLayout', () => {
  it('has a header with the home logo link, the flow in main, and the footer', () => {
    renderUi(
      <LandingLayout
        homeHref="/root/"
        footerLinks={{ privacy: '/root/privacy', terms: '/root/terms-of-service' }}
      >
        <h1>Log in</h1>
      </LandingLayout>,
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/root/');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(
      within(screen.getByRole('contentinfo'))
        .getByRole('link', { name: 'Privacy policy' })
        .getAttribute('href'),
    ).toBe('/root/privacy');
  });

  it('renders header extras, an intro above the card and a wide card', () => {
    const { container } = renderUi(
      <LandingLayout
        headerEnd={<button type="button">Deutsch</button>}
        intro={<p>Welcome to Lit</p>}
        width="wide"
      >
        <p>Form</p>
      </LandingLayout>,
    );
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Deutsch' })).toBeTruthy();
    expect(screen.getByText('Welcome to Lit')).toBeTruthy();
    expect(container.querySelector('.ui-card')?.getAttribute('data-width')).toBe('wide');
  });
});
