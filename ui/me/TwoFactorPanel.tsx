import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import { isRunningLow } from '../../machines/twoFactorPanel/twoFactorPanel.rules';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Heading, Subheadings } from '../components/headingLevel';
import { LazyPart } from '../components/LazyPart';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';
import { MethodRow } from './security/MethodRow';
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

  const heading = (
    <Heading id={headingId} ref={headingRef} className="me-two-factor__title">
      <Trans>Two-factor authentication</Trans>
    </Heading>
  );

  return (
    <section className="me-two-factor" aria-labelledby={headingId}>
      {mode === 'summary' ? (
        <Summary actorRef={actorRef} heading={heading} />
      ) : (
        <MethodRow heading={heading} status={<OnOff actorRef={actorRef} />}>
          <Subheadings>
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
          </Subheadings>
        </MethodRow>
      )}
    </section>
  );
}

/** The method's state beside its name: 'On' or 'Off', in words. */
function OnOff({ actorRef }: { actorRef: TwoFactorPanelActorRef }) {
  const enabled = useSelector(actorRef, (s) => s.context.twoFactorEnabled);
  return enabled ? (
    <Badge tone="success">
      <Trans>On</Trans>
    </Badge>
  ) : (
    <Badge>
      <Trans>Off</Trans>
    </Badge>
  );
}

/** On or off, the recovery codes that remain, and the buttons that open the parts. */
function Summary({ actorRef, heading }: { actorRef: TwoFactorPanelActorRef; heading: ReactNode }) {
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
      <MethodRow heading={heading} status={<OnOff actorRef={actorRef} />}>
        {error ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
        <div className="me-two-factor__actions">
          <Button onClick={open}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </MethodRow>
    );

  const showCount = enabled && remaining !== undefined && !counting && !countFailed;
  const low = showCount && isRunningLow(remaining);
  // Two rows (docs/decisions/product.md: /me sections): the authenticator app with its state and its button, then,
  // when two-factor is on (or the codes are being counted), the recovery codes with how many are left and theirs.
  return (
    <>
      <div className="me-two-factor__row" data-row="app">
        <MethodRow
          heading={heading}
          status={<OnOff actorRef={actorRef} />}
          description={
            enabled ? (
              <Trans>Two-factor authentication is on: every login also asks for a code from your app.</Trans>
            ) : (
              <Trans>
                Two-factor authentication is off. Turn it on so that every login also asks for a code from an
                app on your phone.
              </Trans>
            )
          }
          action={
            counting ? null : (
              <Button onClick={open} busy={fetching}>
                {enabled ? <Trans>Resetup GA</Trans> : <Trans>Turn on two-factor authentication</Trans>}
              </Button>
            )
          }
        />
      </div>
      {/* The codes belong to two-factor: their row's heading is one under the method's (ui/me/README.md: One outline). */}
      {enabled || counting || countFailed ? (
        <Subheadings>
          <section className="me-two-factor__row" data-row="recovery-codes" aria-labelledby={codesHeadingId}>
            <MethodRow
              heading={
                <Heading id={codesHeadingId} className="me-security-part__title">
                  <Trans>Recovery codes</Trans>
                </Heading>
              }
              status={
                showCount ? (
                  <Badge tone={low ? 'warning' : 'neutral'}>
                    <Plural value={remaining} one="# left" other="# left" />
                  </Badge>
                ) : null
              }
              description={
                counting ? (
                  <output className="me-two-factor__quiet">
                    <Trans>Counting your recovery codes…</Trans>
                  </output>
                ) : countFailed ? (
                  <span className="me-two-factor__quiet">
                    <Trans>How many recovery codes you have left could not be read.</Trans>{' '}
                    <Button variant="link" onClick={() => actorRef.send({ type: 'count.retry' })}>
                      <Trans>Try again</Trans>
                    </Button>
                  </span>
                ) : showCount ? (
                  <Plural
                    value={remaining}
                    one="You have # recovery code left."
                    other="You have # recovery codes left."
                  />
                ) : null
              }
              action={
                showCount ? (
                  <Button variant="secondary" onClick={() => actorRef.send({ type: 'regenerate.open' })}>
                    <Trans>New recovery codes</Trans>
                  </Button>
                ) : null
              }
            >
              {low ? (
                <Alert tone="warning">
                  <Trans>
                    Only a few recovery codes are left. Make new ones, so that you can still log in if you
                    lose your phone.
                  </Trans>
                </Alert>
              ) : null}
            </MethodRow>
          </section>
        </Subheadings>
      ) : null}
    </>
  );
}
