import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { PasskeysActorRef } from '../../../machines/passkeys/passkeys.machine';
import type { Passkey } from '../../../machines/passkeys/passkeys.types';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { Row, RowList } from '../../components/RowList';
import { TextField } from '../../components/TextField';
import { fieldText, refusalText } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import { formatListDate } from '../../lists/formatDate';
import { AddPasskeyPart } from './AddPasskeyPart';
import { ListLoadState } from './ListLoadState';
import { PASSKEY_NAME_RULES } from './passkeyName';
import { SecurityPart } from './SecurityPart';
import './security.css';

export interface PasskeysPanelProps {
  actorRef: PasskeysActorRef;
  /** The viewer's time zone for the dates (the browser's own unless given: tests pin one). */
  timeZone?: string;
}

/**
 * docs/decisions/security.md: Passkeys. The Passkeys part of /me's Security section (machines/passkeys): each passkey's
 * name, when it was added and last used on the viewer's calendar, rename and remove (asked first); 'Add a passkey'
 * where the browser has WebAuthn (machines/addPasskey), else a note saying why there is none.
 */
export function PasskeysPanel({ actorRef, timeZone }: PasskeysPanelProps) {
  const { i18n } = useLingui();
  const state = useSelector(actorRef, (s) => ({
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    signedOut: s.matches('signedOut'),
    listed: s.matches('listed'),
    renaming: s.matches('renaming') || s.matches('savingName'),
    confirming: s.matches('confirmingRemoval'),
    removing: s.matches('removing'),
    canAdd: s.can({ type: 'add.open' }),
  }));
  const adding = useSelector(actorRef, (s) => (s.matches('adding') ? s.children.addPasskey : undefined));
  const { passkeys, failure, added, chosen, webAuthn } = useSelector(actorRef, (s) => s.context);
  const send = actorRef.send;

  const known = !state.loading && !state.loadFailed && !state.signedOut;
  const count = passkeys.length;
  return (
    <SecurityPart
      title={<Trans>Passkeys</Trans>}
      status={
        known ? (
          <Badge tone={count > 0 ? 'success' : 'neutral'}>
            {count > 0 ? (
              <Plural value={count} one="# passkey" other="# passkeys" />
            ) : (
              <Trans context="passkeys">None</Trans>
            )}
          </Badge>
        ) : null
      }
      description={
        <Trans>
          Sign in without a password, with your fingerprint, face, PIN or screen lock. A passkey counts as two
          factors.
        </Trans>
      }
      action={
        !adding && webAuthn && state.listed ? (
          <Button variant="secondary" disabled={!state.canAdd} onClick={() => send({ type: 'add.open' })}>
            <Trans>Add a passkey</Trans>
          </Button>
        ) : null
      }
    >
      <ListLoadState
        loading={state.loading}
        loadingText={<Trans>Loading your passkeys…</Trans>}
        failure={state.loadFailed ? failure : undefined}
        failedText={<Trans>Your passkeys could not be loaded.</Trans>}
        onRetry={() => send({ type: 'retry' })}
        signedOut={state.signedOut}
      />
      {added && state.listed ? (
        <Alert tone="success">
          <Trans>The passkey “{added}” has been added.</Trans>
        </Alert>
      ) : null}
      {failure && !state.loadFailed ? (
        <Alert tone="error">
          <Trans>That did not work.</Trans> {refusalText(i18n, failure)}
        </Alert>
      ) : null}
      {known ? (
        passkeys.length > 0 ? (
          <RowList>
            {passkeys.map((passkey) => (
              <PasskeyCard
                key={passkey.id}
                actorRef={actorRef}
                passkey={passkey}
                timeZone={timeZone}
                mode={
                  chosen !== passkey.id
                    ? 'shown'
                    : state.renaming
                      ? 'renaming'
                      : state.confirming
                        ? 'confirming'
                        : state.removing
                          ? 'removing'
                          : 'shown'
                }
                canChange={state.listed}
              />
            ))}
          </RowList>
        ) : (
          <EmptyState>
            <Trans>You have no passkeys yet.</Trans>
          </EmptyState>
        )
      ) : null}
      {adding ? (
        <AddPasskeyPart actorRef={adding} onClose={() => send({ type: 'add.close' })} />
      ) : webAuthn ? null : (
        <p>
          <Trans>
            This browser cannot make passkeys. Open this page in a browser that supports them to add one.
          </Trans>
        </p>
      )}
    </SecurityPart>
  );
}

type CardMode = 'shown' | 'renaming' | 'confirming' | 'removing';

function PasskeyCard({
  actorRef,
  passkey,
  timeZone,
  mode,
  canChange,
}: {
  actorRef: PasskeysActorRef;
  passkey: Passkey;
  timeZone: string | undefined;
  mode: CardMode;
  canChange: boolean;
}) {
  const { name } = passkey;
  const created = formatListDate(new Date(passkey.createdAt), timeZone);
  const lastUsed = passkey.lastUsedAt ? formatListDate(new Date(passkey.lastUsedAt), timeZone) : undefined;
  const send = actorRef.send;
  return (
    <Row>
      <p className="me-sessions__device">{name}</p>
      <p className="me-sessions__dates">
        <span>
          <Trans>Added {created}</Trans>
        </span>
        {' · '}
        <span>{lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Not used yet</Trans>}</span>
      </p>
      {passkey.suspended ? (
        <p className="me-sessions__dates">
          <strong>
            <Trans>
              Suspended after a recovery: it signs nobody in. Remove it, and add it again if it is yours.
            </Trans>
          </strong>
        </p>
      ) : null}
      {mode === 'renaming' ? <RenameForm actorRef={actorRef} /> : null}
      {mode === 'confirming' ? (
        <fieldset className="me-sessions__confirm">
          <legend>
            <Trans>Remove “{name}”? It will no longer sign you in.</Trans>
          </legend>
          <div className="me-sessions__actions">
            <Button variant="danger" onClick={() => send({ type: 'remove.confirm' })}>
              <Trans>Remove passkey</Trans>
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'remove.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </fieldset>
      ) : null}
      {mode === 'removing' ? (
        <Button variant="danger" busy>
          <Trans>Remove passkey</Trans>
        </Button>
      ) : null}
      {mode === 'shown' && canChange ? (
        <div className="me-sessions__actions">
          <Button variant="secondary" onClick={() => send({ type: 'rename.open', id: passkey.id })}>
            <Trans>Rename “{name}”</Trans>
          </Button>
          <Button variant="secondary" onClick={() => send({ type: 'remove.open', id: passkey.id })}>
            <Trans>Remove “{name}”</Trans>
          </Button>
        </div>
      ) : null}
    </Row>
  );
}

function RenameForm({ actorRef }: { actorRef: PasskeysActorRef }) {
  const { i18n, t } = useLingui();
  const name = useSelector(actorRef, (s) => s.context.name);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  // The field takes the focus when the form opens in place of the buttons.
  const { rootRef, submit } = useFormFocus(actorRef, ['name'], { onMount: 'firstField' });
  const errors = { fieldErrors, error };
  return (
    <FormFrame
      ref={rootRef}
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Save name</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'rename.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <TextField
        name="name"
        autoComplete="off"
        label={t`New name`}
        value={name}
        readOnly={busy}
        onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'name', value })}
        error={fieldText(i18n, 'name', errors, PASSKEY_NAME_RULES)}
      />
    </FormFrame>
  );
}
