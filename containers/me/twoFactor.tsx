import { useLingui } from '@lingui/react';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import {
  enableTwoFactorAsVerify,
  getRecoveryCodeCount,
  getTwoFactorSecret,
  regenerateRecoveryCodes,
} from '../../api/actors';
import type { UserProfile } from '../../api/contract/profile';
import { twoFactorPanelMachine } from '../../machines/twoFactorPanel/twoFactorPanel.machine';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { TwoFactorPanel } from '../../ui/me/TwoFactorPanel';
import { canCopyText, twoFactorSetupEffectsFor } from '../../ui/twoFactor/browserEffectsFor';
import { stepUpWithCalls } from './stepUpProof';

/**
 * spec 2 Me page, two-factor panel: owns the panel's actor for the visit of /me and provides its calls, the setup
 * (its VERIFY & SAVE is POST /api/me/2fa, spec 7 Two-factor setup, with the step-up the server may ask for first)
 * and the browser's effects (copy, download,
 * print). The profile the guard read says whether two-factor is on. The Security section (./security.tsx) mounts it.
 */
export function MeTwoFactorPanel({ profile }: { profile: UserProfile }) {
  // The instance the page renders with (not the app's i18n module: see browserEffectsFor.ts).
  const { i18n } = useLingui();
  const [machine] = useState(() => {
    const twoFactorSetupBrowserEffects = twoFactorSetupEffectsFor(i18n);
    return twoFactorPanelMachine.provide({
      actors: {
        getRecoveryCodeCount,
        getTwoFactorSecret,
        regenerateRecoveryCodes,
        twoFactorSetup: twoFactorSetupMachine.provide({
          ...twoFactorSetupBrowserEffects,
          actors: {
            ...twoFactorSetupBrowserEffects.actors,
            verify: enableTwoFactorAsVerify,
            stepUp: stepUpWithCalls(),
          },
        }),
      },
      actions: twoFactorSetupBrowserEffects.actions,
    });
  });
  const actorRef = useActorRef(machine, {
    input: { twoFactorEnabled: profile.twoFactorEnabled, account: profile.email, canCopy: canCopyText() },
  });
  return <TwoFactorPanel actorRef={actorRef} />;
}
