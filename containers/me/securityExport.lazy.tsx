import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { exportAccountData } from '../../api/actors';
import type { UserProfile } from '../../api/contract/profile';
import { EXPORT_FILE_NAME } from '../../api/contract/securityActivity';
import { accountExportMachine } from '../../machines/accountExport/accountExport.machine';
import { AccountExportPart } from '../../ui/me/security/AccountExportPart';
import { saveJsonFile } from '../../ui/me/security/saveJsonFile';
import { stepUpWithCalls } from './stepUpProof';

/**
 * Your data to take away, loaded on the first click (containers/me/securityExport.tsx): owns its actor for the rest of
 * the visit, with the step-up child and its call, and starts the export at once (the click that loaded it).
 * @public loaded with import() by containers/me/securityExport.tsx as a whole module, which knip does not follow.
 */
export function SecurityExportPartOpen({ profile }: { profile: UserProfile }) {
  const [machine] = useState(() =>
    accountExportMachine.provide({
      actors: { exportAccountData, stepUp: stepUpWithCalls() },
      actions: { saveFile: (_, data) => saveJsonFile({ filename: EXPORT_FILE_NAME, data }) },
    }),
  );
  const accountExport = useActorRef(machine, { input: { twoFactorEnabled: profile.twoFactorEnabled } });
  // A second start, in StrictMode, is ignored by the machine (it is exporting already).
  useEffect(() => accountExport.send({ type: 'export.start' }), [accountExport]);
  return <AccountExportPart actorRef={accountExport} />;
}
