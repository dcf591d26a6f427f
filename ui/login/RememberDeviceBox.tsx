import { Plural, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Checkbox } from '../components/Checkbox';
import type { LoginActorRef } from './types';

/**
 * docs/decisions/security.md: Remember this device. The code and recovery-code forms' box: ticked, the code is sent
 * with `rememberDevice` and this browser skips the code at the account's next logins for `days` days (forgotten on
 * /me at any time). Its value is the login machine's (`remember.change`).
 */
export function RememberDeviceBox({ actorRef, days }: { actorRef: LoginActorRef; days: number }) {
  const { t } = useLingui();
  const checked = useSelector(actorRef, (s) => s.context.rememberDevice);
  return (
    <Checkbox
      name="rememberDevice"
      checked={checked}
      onCheckedChange={(value) => actorRef.send({ type: 'remember.change', checked: value })}
      label={
        <Plural value={days} one="Remember this device for # day" other="Remember this device for # days" />
      }
      hint={t`You will not be asked for a code on this browser. Do not tick it on a shared computer.`}
    />
  );
}
