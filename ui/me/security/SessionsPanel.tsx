import { Plural, Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import type { SessionsActorRef } from '../../../machines/sessions/sessions.machine';
import type { DeviceSession } from '../../../machines/sessions/sessions.types';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { Row, RowList } from '../../components/RowList';
import { useReturnFocus } from '../../form/useHeadingFocus';
import { formatListDateTime } from '../../lists/formatDate';
import { ActionFailure } from './ActionFailure';
import { DeviceName } from './DeviceName';
import { ListLoadState } from './ListLoadState';
import { StepUpForm } from './StepUpForm';
import './security.css';
import { Heading, Subheadings } from '../../components/headingLevel';

export interface SessionsPanelProps {
  actorRef: SessionsActorRef;
  /** The viewer's time zone for the dates (the browser's own unless given: tests pin one). */
  timeZone?: string;
}

/**
 * How many sessions the list shows until 'Show more' is used: a person reads a few, and an account that a script
 * signs in to again and again has hundreds, which would make /me slow to draw (docs/decisions/security.md: Sessions and
 * devices). This device is always among them.
 */
const SHOWN_AT_FIRST = 10;

/**
 * docs/decisions/security.md: Sessions and devices. The user's live sessions as cards (browser and system, first and last
 * seen on the viewer's calendar, this device marked), a sign-out for each and one for all the others (asked
 * first). Signing others out may ask 'Confirm it's you' first (the step-up, under the list). A failure says so
 * with a retry; every state is the machine's (machines/sessions).
 */
export function SessionsPanel({ actorRef, timeZone }: SessionsPanelProps) {
  const headingId = useId();
  const state = useSelector(actorRef, (s) => ({
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    confirming: s.matches('confirmingOthers'),
    failed: s.matches('endOneFailed') || s.matches('endOthersFailed'),
    signedOut: s.matches('signedOut'),
    alone: s.matches('alone'),
    busy: s.hasTag('busy'),
    canEndOthers: s.can({ type: 'others.end' }),
    canEndOne: s.matches('listed') || s.matches('alone'),
  }));
  const { sessions, error, ending } = useSelector(actorRef, (s) => s.context);
  const stepUp = useSelector(actorRef, stepUpChild);
  const send = actorRef.send;
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const atFirst = sessions.filter((session, place) => place < SHOWN_AT_FIRST || session.current);
  const shown = showAll ? sessions : atFirst;
  const hiddenAtFirst = sessions.length - atFirst.length;
  // Cancel on the question gives the focus back to 'Sign out all other devices', which asked it; once a sign-out
  // is done (its button gone with its card, or the others' with them), the section's heading takes it, so the
  // focus never falls to the page.
  const othersButton = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // While 'Confirm it's you' asks (the step-up child runs), its form has the focus: the sign-out is not done yet.
  useReturnFocus(othersButton, state.confirming);
  useReturnFocus(headingRef, (state.busy && !state.loading) || stepUp !== undefined);

  return (
    <section className="me-sessions" aria-labelledby={headingId}>
      <Heading id={headingId} className="me-sessions__title" ref={headingRef} tabIndex={-1}>
        <Trans>Sessions and devices</Trans>
      </Heading>
      <ListLoadState
        loading={state.loading}
        loadingText={<Trans>Loading your sessions…</Trans>}
        failure={state.loadFailed ? error : undefined}
        failedText={<Trans>Your sessions could not be loaded.</Trans>}
        onRetry={() => send({ type: 'retry' })}
        signedOut={state.signedOut}
      />
      {sessions.length > 0 && !state.signedOut && !state.loading && !state.loadFailed ? (
        <>
          <RowList id={listId}>
            {shown.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                timeZone={timeZone}
                canEnd={state.canEndOne}
                busy={state.busy && ending === session.id}
                onEnd={() => send({ type: 'session.end', id: session.id })}
              />
            ))}
          </RowList>
          {hiddenAtFirst > 0 ? (
            <Button
              variant="link"
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll(!showAll)}
            >
              {showAll ? (
                <Trans>Show fewer</Trans>
              ) : (
                <Plural value={hiddenAtFirst} one="Show # more session" other="Show # more sessions" />
              )}
            </Button>
          ) : null}
          {state.alone ? (
            <p>
              <Trans>No other device is signed in to your account.</Trans>
            </p>
          ) : null}
          {state.failed && error ? <ActionFailure error={error} send={send} /> : null}
          {stepUp ? (
            <Subheadings>
              <StepUpForm actorRef={stepUp} onCancel={() => send({ type: 'stepUp.cancel' })} />
            </Subheadings>
          ) : null}
          {state.confirming ? (
            <fieldset className="me-sessions__confirm">
              <legend>
                <Trans>Sign out every other device? They will need to log in again.</Trans>
              </legend>
              <div className="me-sessions__actions">
                <Button variant="danger" onClick={() => send({ type: 'others.confirm' })}>
                  <Trans>Sign out the others</Trans>
                </Button>
                <Button variant="secondary" onClick={() => send({ type: 'others.cancel' })}>
                  <Trans>Cancel</Trans>
                </Button>
              </div>
            </fieldset>
          ) : null}
          {state.canEndOthers || (state.busy && ending === undefined) ? (
            <Button
              ref={othersButton}
              variant="secondary"
              busy={state.busy && ending === undefined}
              onClick={() => send({ type: 'others.end' })}
            >
              <Trans>Sign out all other devices</Trans>
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function SessionCard({
  session,
  timeZone,
  canEnd,
  busy,
  onEnd,
}: {
  session: DeviceSession;
  timeZone: string | undefined;
  canEnd: boolean;
  busy: boolean;
  onEnd: () => void;
}) {
  // With the time of day and a short reference, so that two sessions of one browser and system read apart.
  const firstSeen = formatListDateTime(new Date(session.firstSeen), timeZone);
  const lastSeen = formatListDateTime(new Date(session.lastSeen), timeZone);
  const reference = session.id.slice(-6);
  const { browser, system } = session;
  return (
    <Row current={session.current}>
      <DeviceName browser={browser} system={system} current={session.current} />
      <p className="me-sessions__dates">
        <span>
          <Trans>Signed in {firstSeen}</Trans>
        </span>
        {' · '}
        <span>
          <Trans>Last seen {lastSeen}</Trans>
        </span>
        {' · '}
        <span>
          <Trans>Reference {reference}</Trans>
        </span>
      </p>
      {canEnd || busy ? (
        <Button variant="secondary" busy={busy} onClick={onEnd}>
          {session.current ? (
            <Trans>Sign out of this device</Trans>
          ) : (
            <Trans>
              Sign out {browser} on {system}
            </Trans>
          )}
        </Button>
      ) : null}
    </Row>
  );
}
