import { vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { deleteAccountScreen } from '../../test/model/screens/deleteAccount';
import { Heading } from '../../ui/components/headingLevel';
import { deleteAccountMachine } from './deleteAccount.machine';
import { deleteAccountSamples } from './deleteAccount.samples';

// The step-up is machines/stepUp's own screen, tested with it; a deferred fake stands in for the child here.
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

const accountDeleted = vi.fn();
const model = modelFor(deleteAccountMachine, {
  ...deleteAccountSamples,
  implementations: { actions: { accountDeleted: () => accountDeleted() } },
});

testModel(model, { screen: deleteAccountScreen(accountDeleted) });
