import { vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { changePasswordScreen } from '../../test/model/screens/changePassword';
import { Heading } from '../../ui/components/headingLevel';
import { changePasswordMachine } from './changePassword.machine';
import { changePasswordSamples } from './changePassword.samples';

// The step-up is machines/stepUp's own screen, tested with it; here a deferred fake stands in for the child, so its
// form gets a stand-in too: its heading and the Cancel the parent wires.
vi.mock('../../ui/me/security/StepUpForm', () => ({
  StepUpForm: ({ onCancel }: { onCancel?: () => void }) => (
    <section>
      <Heading>Confirm it's you</Heading>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  ),
}));

const model = modelFor(changePasswordMachine, changePasswordSamples);

testModel(model, { screen: changePasswordScreen });
