import { Trans } from '@lingui/react/macro';
import '../styles/stepper.css';

export interface StepperProps {
  /** Current step, counted from 1 as the user reads it. */
  step: number;
  steps: number;
  /** labelled: 'Step {step} of {steps}' plus dots (start page); dots: dots only, the text kept for screen readers (company pages). */
  variant?: 'labelled' | 'dots';
}

/** Progress through a multi-step form (spec 2 Start and company pages). */
export function Stepper({ step, steps, variant = 'labelled' }: StepperProps) {
  const text = (
    <Trans>
      Step {step} of {steps}
    </Trans>
  );
  return (
    <div className="ui-stepper" data-variant={variant}>
      <p className={variant === 'dots' ? 'ui-visually-hidden' : 'ui-stepper__text'}>{text}</p>
      <ol className="ui-stepper__dots" aria-hidden="true">
        {Array.from({ length: steps }, (_, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'upcoming';
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, they never reorder.
          return <li key={index} className="ui-stepper__dot" data-state={state} />;
        })}
      </ol>
    </div>
  );
}
