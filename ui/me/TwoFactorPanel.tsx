import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { isRunningLow } from '../../machines/twoFactorPanel/twoFactorPanel.rules';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { LazyPart } from '../components/LazyPart';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';
import type { TwoFactorPanelActorRef } from './twoFactorPanelTypes';

// The setup steps (QR code, key, recovery codes), the new-codes form and its codes load when used: /me's first
// load has a budget (scripts/size.ts), and most visits never open them.
const loadSteps = () => import('./TwoFactorPanelSteps');

type Mode = 'summary' | 'setup' | 'regenerate' | 'newCodes';

/** What the panel shows: its summary, or one of the parts loaded when used (with the page title of each). */
const MODES: Record<Mode, MessageDescriptor> = {
  summary: msg`Your account`,
  setup: msg`Set up two-factor authentication`,
  regenerate: msg`New recovery codes`,
  newCodes: msg`Your new recovery codes`,
};

/**
 * spec 2 Me page, two-factor panel (docs/decisions/product.md: The two-factor panel on /me): whether two-factor is on;
 * off, a button turns it on (every user); on, 'Resetup GA', the recovery codes that remain (a warning at two or
 * fewer) and new codes. The steps themselves load when opened.
 */
export function TwoFactorPanel({ actorRef }: { actorRef: TwoFactorPanelActorRef }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mode = useSelector(actorRef, (s): Mode => {
    if (s.matches('settingUp')) return 'setup';
    if (s.matches('regenerating')) return 'regenerate';
    if (s.matches('showingNewCodes')) return 'newCodes';
    return 'summary';
  });
  usePageTitle(MODES[mode]);

  // Back from a part (closed, done): the focus returns to the panel's heading instead of getting lost.
  useHeadingFocus(headingRef, mode === 'summary', { onMount: false });

  return (
    <section className="me-two-factor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} className="me-two-factor__title">
        <Trans>Two-factor authentication</Trans>
      </h2>
      {mode === 'summary' ? (
        <Summary actorRef={actorRef} />
      ) : (
        <LazyPart load={loadSteps} what="two-factor panel steps">
          {(steps) => (
            <>
              {mode === 'setup' ? (
                <>
                  <steps.SetupSteps panelRef={actorRef} />
                  <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
                    <Trans>Close</Trans>
                  </Button>
                </>
              ) : null}
              {mode === 'regenerate' ? <steps.RegenerateForm panelRef={actorRef} /> : null}
              {mode === 'newCodes' ? <steps.NewRecoveryCodes panelRef={actorRef} /> : null}
            </>
          )}
        </LazyPart>
      )}
    </section>
  );
}

/** On or off, the recovery codes that remain, and the buttons that open the parts. */
function Summary({ actorRef }: { actorRef: TwoFactorPanelActorRef }) {
  const { i18n } = useLingui();
  const enabled = useSelector(actorRef, (s) => s.context.twoFactorEnabled);
  const remaining = useSelector(actorRef, (s) => s.context.remaining);
  const error = useSelector(actorRef, (s) => s.context.error);
  const counting = useSelector(actorRef, (s) => s.matches('counting'));
  const countFailed = useSelector(actorRef, (s) => s.matches('countFailed'));
  const fetching = useSelector(actorRef, (s) => s.matches('fetchingSecret'));
  const secretFailed = useSelector(actorRef, (s) => s.matches('secretFailed'));
  const open = () => actorRef.send({ type: 'setup.open' });
  const codesHeadingId = useId();

  if (secretFailed)
    return (
      <>
        {error ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
        <div className="me-two-factor__actions">
          <Button onClick={open}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </>
    );

  const showCount = enabled && remaining !== undefined && !counting && !countFailed;
  // Two rows (docs/decisions/product.md: /me sections): the authenticator app with its state and its button, then,
  // when two-factor is on (or the codes are being counted), the recovery codes with how many are left and theirs.
  return (
    <>
      <div className="me-two-factor__row" data-row="app">
        <p>
          {enabled ? (
            <Trans>Two-factor authentication is on: every login also asks for a code from your app.</Trans>
          ) : (
            <Trans>
              Two-factor authentication is off. Turn it on so that every login also asks for a code from an
              app on your phone.
            </Trans>
          )}
        </p>
        {counting ? null : (
          <div className="me-two-factor__actions">
            <Button onClick={open} busy={fetching}>
              {enabled ? <Trans>Resetup GA</Trans> : <Trans>Turn on two-factor authentication</Trans>}
            </Button>
          </div>
        )}
      </div>
      {enabled || counting || countFailed ? (
        <section className="me-two-factor__row" data-row="recovery-codes" aria-labelledby={codesHeadingId}>
          <h3 id={codesHeadingId} className="me-two-factor__row-title">
            <Trans>Recovery codes</Trans>
          </h3>
          {counting ? (
            <output className="me-two-factor__quiet">
              <Trans>Counting your recovery codes…</Trans>
            </output>
          ) : null}
          {showCount ? (
            <p className="me-two-factor__count">
              <Plural
                value={remaining}
                one="You have # recovery code left."
                other="You have # recovery codes left."
              />
            </p>
          ) : null}
          {showCount && isRunningLow(remaining) ? (
            <Alert tone="warning">
              <Trans>
                Only a few recovery codes are left. Make new ones, so that you can still log in if you lose
                your phone.
              </Trans>
            </Alert>
          ) : null}
          {countFailed ? (
            <p className="me-two-factor__quiet">
              <Trans>How many recovery codes you have left could not be read.</Trans>{' '}
              <Button variant="link" onClick={() => actorRef.send({ type: 'count.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </p>
          ) : null}
          {showCount ? (
            <div className="me-two-factor__actions">
              <Button variant="secondary" onClick={() => actorRef.send({ type: 'regenerate.open' })}>
                <Trans>New recovery codes</Trans>
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
