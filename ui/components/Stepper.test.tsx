import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { START_STEPS } from '../../api/contract/limits';
import { Stepper } from './Stepper';
import { renderUi } from './testing';

const dotStates = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('.ui-stepper__dot')).map((dot) => dot.dataset.state);

describe('Stepper', () => {
  it("reads 'Step {step} of {steps}' and marks the dots", () => {
    const { container } = renderUi(<Stepper step={2} steps={START_STEPS} />);
    const text = screen.getByText('Step 2 of 3');
    expect(text.className).toBe('ui-stepper__text');
    expect(dotStates(container)).toEqual(['done', 'current', 'upcoming']);
    expect(container.querySelector('.ui-stepper__dots')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('has a 2-dot variant that keeps the step text for screen readers only', () => {
    const { container } = renderUi(<Stepper step={1} steps={2} variant="dots" />);
    expect(screen.getByText('Step 1 of 2').className).toBe('ui-visually-hidden');
    expect(dotStates(container)).toEqual(['current', 'upcoming']);
  });

  it('translates its text', () => {
    renderUi(<Stepper step={3} steps={3} />);
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
  });
});
