import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { SecurityActivityKind, SignInMethod } from '../../../api/contract/securityActivity';
import type { SecurityActivityActorRef } from '../../../machines/securityActivity/securityActivity.machine';
import type { SecurityActivityEntry } from '../../../machines/securityActivity/securityActivity.types';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Row, RowList } from '../../components/RowList';
import { useReturnFocus } from '../../form/useHeadingFocus';
import { ListLoadState } from './ListLoadState';
import './security.css';
import { Heading } from '../../components/headingLevel';

export interface ActivityPanelProps {
  actorRef: SecurityActivityActorRef;
  /** Where 'This wasn't me' leads: the recovery's start (a reset by mailed link, which ends every session). */
  recoveryHref: string;
  /** The viewer's time zone for the times (the browser's own unless given: tests pin one). */
  timeZone?: string;
}

const KIND_TEXT = {
  sign_in: msg`Signed in`,
  password_changed: msg`Password changed`,
  password_reset: msg`Password reset by e-mailed link`,
  email_changed: msg`E-mail address changed`,
  email_change_undone: msg`E-mail address change undone`,
  two_factor_enabled: msg`Two-factor authentication turned on`,
  two_factor_removed: msg`Two-factor authentication removed`,
  recovery_codes_regenerated: msg`New recovery codes made`,
  passkey_added: msg`Passkey added`,
  passkey_removed: msg`Passkey removed`,
  signed_out_everywhere: msg`Signed out of every other device`,
} satisfies Record<SecurityActivityKind, unknown>;

/** A sign-in's row says how it proved itself, as one sentence (word order differs between languages). */
const SIGN_IN_TEXT = {
  password: msg`Signed in with the password`,
  password_code: msg`Signed in with the password and a one-time code`,
  recovery_code: msg`Signed in with the password and a recovery code`,
  remembered_device: msg`Signed in with the password on a remembered device`,
  passkey: msg`Signed in with a passkey`,
  magic_link: msg`Signed in with an e-mailed sign-in link`,
  sso: msg`Signed in with your organisation's sign-in`,
} satisfies Record<SignInMethod, unknown>;

/** The row's time on the viewer's calendar and clock, in the page's language. */
const timeOf = (i18n: I18n, at: string, timeZone: string | undefined): string =>
  new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));

/**
 * docs/decisions/security.md: Security activity. The account's recent sign-ins (how, from which browser and system,
 * when) and security changes, a page at a time, newest first, each with 'This wasn't me' leading to the recovery's
 * start; none yet says so; a failed load says so with a retry. Every state is the machine's (machines/securityActivity).
 */
export function ActivityPanel({ actorRef, recoveryHref, timeZone }: ActivityPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { i18n, t } = useLingui();
  const state = useSelector(actorRef, (s) => ({
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    listed: s.matches('listed'),
    empty: s.matches('empty'),
    signedOut: s.matches('signedOut'),
    canOlder: s.can({ type: 'page.older' }),
    canNewer: s.can({ type: 'page.newer' }),
  }));
  const { entries, error, page } = useSelector(actorRef, (s) => s.context);
  // Once a page was asked for, its buttons go while it loads: the heading keeps the focus.
  useReturnFocus(headingRef, state.loading && page > 1);
  const send = actorRef.send;
  return (
    <section className="me-sessions me-activity" aria-labelledby={headingId}>
      <Heading id={headingId} className="me-sessions__title" ref={headingRef} tabIndex={-1}>
        <Trans>Recent activity</Trans>
      </Heading>
      <p>
        <Trans>Sign-ins and security changes of your account in the last 90 days.</Trans>
      </p>
      <ListLoadState
        loading={state.loading}
        loadingText={<Trans>Loading your recent activity…</Trans>}
        failure={state.loadFailed ? error : undefined}
        failedText={<Trans>Your recent activity could not be loaded.</Trans>}
        onRetry={() => send({ type: 'retry' })}
        signedOut={state.signedOut}
      />
      {state.empty ? (
        <EmptyState>
          <Trans>Nothing recorded in the last 90 days.</Trans>
        </EmptyState>
      ) : null}
      {state.listed ? (
        <RowList>
          {entries.map((entry, place) => (
            <ActivityRow
              // A page's rows never change in place: their place and time name them.
              key={`${entry.at}-${place}`}
              entry={entry}
              what={t(entry.method ? SIGN_IN_TEXT[entry.method] : KIND_TEXT[entry.kind])}
              when={timeOf(i18n, entry.at, timeZone)}
              recoveryHref={recoveryHref}
            />
          ))}
        </RowList>
      ) : null}
      {state.canNewer || state.canOlder ? (
        <nav className="me-sessions__actions" aria-label={t`Pages of recent activity`}>
          {state.canNewer ? (
            <Button variant="secondary" onClick={() => send({ type: 'page.newer' })}>
              <Trans>Newer</Trans>
            </Button>
          ) : null}
          {state.canOlder ? (
            <Button variant="secondary" onClick={() => send({ type: 'page.older' })}>
              <Trans>Older</Trans>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function ActivityRow({
  entry,
  what,
  when,
  recoveryHref,
}: {
  entry: SecurityActivityEntry;
  what: string;
  when: string;
  recoveryHref: string;
}) {
  const { browser, system } = entry;
  return (
    <Row>
      <p className="me-sessions__device">{what}</p>
      <p className="me-sessions__dates">
        <span>
          <Trans>
            {browser} on {system}
          </Trans>
        </span>
        {' · '}
        <time dateTime={entry.at}>{when}</time>
      </p>
      <a href={recoveryHref}>
        <Trans>This wasn't me</Trans>
      </a>
    </Row>
  );
}
