import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { type EntryKind, nameMinOf } from '../../api/contract/lists';
import { entryFieldErrors } from '../../machines/createEntry/createEntry.rules';
import type { CreateEntryActorRef } from '../../machines/createEntry/createEntry.types';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { Heading } from '../components/headingLevel';
import { IconButton } from '../components/IconButton';
import { PencilIcon } from '../components/icons';
import { TextField } from '../components/TextField';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { useFocusWhen, useHeadingFocus, useReturnFocus } from '../form/useHeadingFocus';
import { createEntryRules } from './createEntryText';
import './lists.css';

/** The form's fields in form order (the first shown in error takes the focus after a refused submit). */
const ENTRY_FIELDS = ['name', 'subdomain'] as const;

/** The id of the form's heading (staff's 'add some!' link points to the new-organisation one). */
export const createEntryHeadingId = (kind: EntryKind): string => `${kind}-new`;

/**
 * spec 2 Me page, list area: 'new channel' / 'new organisation': the button, the form (name, subdomain that
 * follows the name until the pencil), the success panel. Focus goes to each new heading.
 */
export function CreateEntryForm({ actorRef }: { actorRef: CreateEntryActorRef }) {
  const state = useSelector(actorRef, (s) =>
    s.matches('closed') ? 'closed' : s.matches('succeeded') ? 'succeeded' : 'form',
  );
  const context = useSelector(actorRef, (s) => s.context);
  const heading = useRef<HTMLHeadingElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  // Succeeded: the panel's heading takes the focus (the form's own is the form kit's, on mount).
  useHeadingFocus(heading, state === 'succeeded');
  // Closed after being open: back to the button that opened it, so a keyboard user goes on from where they were.
  useReturnFocus(openButton, state !== 'closed');
  const channel = context.kind === 'channel';
  const close = () => actorRef.send({ type: 'close' });

  if (state === 'closed')
    return (
      <Button
        ref={openButton}
        type="button"
        variant="secondary"
        onClick={() => actorRef.send({ type: 'open' })}
      >
        {channel ? <Trans>New channel</Trans> : <Trans>New organisation</Trans>}
      </Button>
    );

  if (state === 'succeeded' && context.created)
    return (
      <section className="lists__create" aria-labelledby={`${context.kind}-created`}>
        <Heading id={`${context.kind}-created`} ref={heading} tabIndex={-1}>
          {channel ? <Trans>Channel created</Trans> : <Trans>Organisation created</Trans>}
        </Heading>
        <p>
          <Trans>Name: {context.created.name}</Trans>
        </p>
        <p>
          <Trans>Subdomain: {context.created.subdomain}</Trans>
        </p>
        <p>
          <a href={context.created.url}>{context.created.url}</a>
        </p>
        <Button type="button" variant="secondary" onClick={close}>
          <Trans>Close</Trans>
        </Button>
      </section>
    );

  return <EntryForm actorRef={actorRef} onClose={close} />;
}

/** The open form, on the form kit's frame: its heading takes the focus when it opens. */
function EntryForm({ actorRef, onClose }: { actorRef: CreateEntryActorRef; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const context = useSelector(actorRef, (s) => s.context);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  // The machine's rule (create waits for a name and subdomain that meet spec 5), as on every form of the kit.
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'submit' }));
  const subdomainField = useRef<HTMLInputElement>(null);
  // The pencil disappears once used: the focus goes where the user meant to type, the suggestion kept as it is.
  useFocusWhen(subdomainField, context.subdomainEdited);

  const channel = context.kind === 'channel';
  const limit = nameMinOf(context.kind);
  const tooShort = context.name.trim().length < limit;
  // spec 5 rules as the server checks them: a name too long is said under the name, a subdomain that breaks the
  // rule gets the rule itself (said once the name is long enough, or as soon as the subdomain is typed).
  const invalid = entryFieldErrors(context);
  const form = {
    fieldErrors: {
      name: tooShort ? undefined : invalid.name,
      subdomain:
        !tooShort || (context.subdomainEdited && context.subdomain !== '') ? invalid.subdomain : undefined,
    },
    error: context.error,
  };
  const rules = createEntryRules(context.kind);
  // The errors are the ones this view derives.
  const { rootRef, submit } = useFormFocus<HTMLElement, { type: 'submit' }>(actorRef, ENTRY_FIELDS, {
    submit: { type: 'submit' },
    shownErrors: form.fieldErrors,
  });

  return (
    <FormFrame
      ref={rootRef}
      className="lists__create"
      title={channel ? <Trans>New channel</Trans> : <Trans>New organisation</Trans>}
      titleId={createEntryHeadingId(context.kind)}
      error={form.error}
      canSubmit={canSubmit}
      busy={busy}
      disabledUntilSubmittable
      submitLabel={busy ? <Trans>Processing</Trans> : <Trans>Create</Trans>}
      onSubmit={submit}
      actions={
        <Button type="button" variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <TextField
        name="name"
        label={t`Name`}
        value={context.name}
        onValueChange={(value) => actorRef.send({ type: 'name.change', value })}
        error={fieldText(i18n, 'name', form, rules)}
        hint={
          tooShort
            ? channel
              ? t`Name must be at least ${limit} characters.`
              : t`Organisation must be at least ${limit} characters.`
            : undefined
        }
      />
      <TextField
        ref={subdomainField}
        name="subdomain"
        label={t`Subdomain`}
        value={context.subdomain}
        readOnly={!context.subdomainEdited}
        onValueChange={(value) => actorRef.send({ type: 'subdomain.change', value })}
        error={fieldText(i18n, 'subdomain', form, rules)}
        trailing={
          context.subdomainEdited ? undefined : (
            <IconButton
              type="button"
              label={t`Edit subdomain`}
              icon={<PencilIcon />}
              onClick={() => actorRef.send({ type: 'subdomain.edit' })}
            />
          )
        }
      />
    </FormFrame>
  );
}
