import { act } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DocumentTitle, documentTitle } from './DocumentTitle';
import { renderUi } from './testing';

describe('documentTitle', () => {
  it('is the heading then the site, or the site alone', () => {
    expect(documentTitle('Enter your code', 'Account')).toBe('Enter your code - Account');
    expect(documentTitle('  Check your\n   e-mail ', 'Konto')).toBe('Check your e-mail - Konto');
    expect(documentTitle(undefined, 'Account')).toBe('Account');
    expect(documentTitle(' ', 'Account')).toBe('Account');
  });
});

function Page() {
  const [step, setStep] = useState<'password' | 'code' | 'loading'>('password');
  return (
    <>
      <DocumentTitle />
      {step === 'password' ? <h1>Log in</h1> : null}
      {step === 'code' ? <h1>Enter your code</h1> : null}
      <button type="button" onClick={() => setStep(step === 'password' ? 'code' : 'loading')}>
        next
      </button>
    </>
  );
}

describe('DocumentTitle', () => {
  it('follows the page heading through every state, and falls back to the site name without one', async () => {
    const { getByRole } = renderUi(<Page />);
    expect(document.title).toBe('Log in - Account');
    act(() => getByRole('button').click());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Enter your code - Account');
    act(() => getByRole('button').click());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Account');
  });
});
