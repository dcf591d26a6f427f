import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIn } from '../testing';
import { DecisionsPage, SpecPage } from './DocumentPages';

describe('the documents the descriptions cite', () => {
  it('/flows/spec: the specification with an anchor per section, screen and labelled clause', async () => {
    await renderIn('de-DE', <SpecPage backLink={null} />);
    const page = screen.getByTestId('spec-page');
    expect(page.querySelector('h1')?.textContent).toMatch(/^Specification: account web app/);
    expect(page.querySelector('h2[id="5-validation-rules"]')?.textContent).toBe('5. Validation rules');
    expect(page.querySelector('h3#register')?.textContent).toBe('Register');
    expect(page.querySelector('li[id="4-language-loading"]')?.textContent).toMatch(
      /^Language loading: request/,
    );
    // The error catalogue's table.
    expect(page.querySelector('td')?.textContent).toBe('Login');
    expect(page.querySelector('[lang="en"]')).toBeTruthy();
    expect(page.textContent).toContain('Die Spezifikation des Product Owners');
  });

  it('/flows/decisions: every area’s entries, each with its anchor', async () => {
    await renderIn('en-US', <DecisionsPage backLink={null} />);
    const page = screen.getByTestId('decisions-page');
    expect(page.querySelector('#security-remember-this-device')?.textContent).toBe('Remember this device');
    expect(page.querySelector('#product-login-names-the-account')?.tagName).toBe('H3');
    expect(page.querySelectorAll('section')).toHaveLength(4);
  });
});
