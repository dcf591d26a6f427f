import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from './testing';
import { usePageTitle } from './usePageTitle';

function Step({ title }: { title: MessageDescriptor | undefined }) {
  usePageTitle(title);
  return null;
}

function Page() {
  const [step, setStep] = useState<'password' | 'code' | 'none'>('password');
  return (
    <>
      {step === 'password' ? <Step title={msg`Log in`} /> : null}
      {step === 'code' ? <Step title={msg`Enter your code`} /> : null}
      {step === 'none' ? <Step title={undefined} /> : null}
      <button type="button" onClick={() => setStep(step === 'password' ? 'code' : 'none')}>
        next
      </button>
    </>
  );
}

describe('usePageTitle', () => {
  it("titles the document by the state on screen, then the site's name; the name alone without a title", () => {
    const { getByRole } = renderUi(<Page />);
    expect(document.title).toBe('Log in - Account');
    act(() => getByRole('button').click());
    expect(document.title).toBe('Enter your code - Account');
    act(() => getByRole('button').click());
    expect(document.title).toBe('Account');
  });
});
