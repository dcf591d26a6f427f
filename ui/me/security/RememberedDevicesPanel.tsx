import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { RememberedDevicesActorRef } from '../../../machines/rememberedDevices/rememberedDevices.machine';
import type { RememberedDevice } from '../../../machines/rememberedDevices/rememberedDevices.types';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Row, RowList } from '../../components/RowList';
import { useReturnFocus } from '../../form/useHeadingFocus';
import { formatListDate, formatListDateTime } from '../../lists/formatDate';
import { ActionFailure } from './ActionFailure';
import { DeviceName } from './DeviceName';
import { ListLoadState } from './ListLoadState';
import './security.css';
import { Heading } from '../../components/headingLevel';

export interface RememberedDevicesPanelProps {
  actorRef: RememberedDevicesActorRef;
  /** The viewer's time zone for the dates (the browser's own unless given: tests pin one). */
  timeZone?: string;
}

/**
 * docs/decisions/security.md: Remember this device. The browsers that skip the one-time code at login, as cards
 * (browser and system, when remembered and until when, this one marked), each with 'Forget this device' (no
 * step-up). None: says so and how one is remembered. A failure says so with a retry; every state is the
 * machine's (machines/rememberedDevices).
 */
export function RememberedDevicesPanel({ actorRef, timeZone }: RememberedDevicesPanelProps) {
  const headingId = useId();
  const state = useSelector(actorRef, (s) => ({
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    failed: s.matches('forgetFailed'),
    signedOut: s.matches('signedOut'),
    empty: s.matches('empty'),
    canForget: s.matches('listed'),
    forgettingNow: s.matches('forgetting'),
  }));
  const { devices, error, forgetting } = useSelector(actorRef, (s) => s.context);
  const send = actorRef.send;
  // Once a device is forgotten (its button gone with its card), the heading takes the focus, never the page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useReturnFocus(headingRef, state.forgettingNow);
  const listed = !state.signedOut && !state.loading && !state.loadFailed;

  return (
    <section className="me-sessions" aria-labelledby={headingId}>
      <Heading id={headingId} className="me-sessions__title" ref={headingRef} tabIndex={-1}>
        <Trans>Remembered devices</Trans>
      </Heading>
      <p>
        <Trans>These browsers skip the one-time code when you log in with your password.</Trans>
      </p>
      <ListLoadState
        loading={state.loading}
        loadingText={<Trans>Loading your remembered devices…</Trans>}
        failure={state.loadFailed ? error : undefined}
        failedText={<Trans>Your remembered devices could not be loaded.</Trans>}
        onRetry={() => send({ type: 'retry' })}
        signedOut={state.signedOut}
      />
      {listed && devices.length > 0 ? (
        <RowList>
          {devices.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              timeZone={timeZone}
              canForget={state.canForget}
              busy={state.forgettingNow && forgetting === device.id}
              onForget={() => send({ type: 'device.forget', id: device.id })}
            />
          ))}
        </RowList>
      ) : null}
      {state.empty ? (
        <EmptyState>
          <Trans>
            No device is remembered. Tick 'Remember this device' when you log in with a code to skip the code
            on that browser.
          </Trans>
        </EmptyState>
      ) : null}
      {state.failed && error ? <ActionFailure error={error} send={send} /> : null}
    </section>
  );
}

function DeviceCard({
  device,
  timeZone,
  canForget,
  busy,
  onForget,
}: {
  device: RememberedDevice;
  timeZone: string | undefined;
  canForget: boolean;
  busy: boolean;
  onForget: () => void;
}) {
  const rememberedAt = formatListDateTime(new Date(device.rememberedAt), timeZone);
  const expiresAt = formatListDate(new Date(device.expiresAt), timeZone);
  const { browser, system } = device;
  return (
    <Row current={device.current}>
      <DeviceName browser={browser} system={system} current={device.current} />
      <p className="me-sessions__dates">
        <span>
          <Trans>Remembered {rememberedAt}</Trans>
        </span>
        {' · '}
        <span>
          <Trans>Until {expiresAt}</Trans>
        </span>
      </p>
      {canForget || busy ? (
        <Button variant="secondary" busy={busy} onClick={onForget}>
          {device.current ? (
            <Trans>Forget this device</Trans>
          ) : (
            <Trans>
              Forget {browser} on {system}
            </Trans>
          )}
        </Button>
      ) : null}
    </Row>
  );
}
