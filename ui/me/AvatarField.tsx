import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '../../api/contract/limits';
import type { AvatarRefusal, AvatarUploadActorRef } from '../../machines/avatarUpload/avatarUpload.types';
import { Button, buttonClassName, PersonIcon, TextField } from '../components';
import { refusalText } from '../form/fieldText';
import { focusElement } from '../form/useFormFocus';
import './me.css';
import './profileEdit.css';

const MEGABYTES = Math.round(PROFILE_IMAGE_MAX_BYTES / (1024 * 1024));

function useRefusalText(refusal: AvatarRefusal | undefined): string | undefined {
  const { t, i18n } = useLingui();
  if (!refusal) return undefined;
  switch (refusal.reason) {
    case 'type':
      return t`This file is not a picture we can use. Please choose a JPEG, PNG, GIF or WebP image.`;
    case 'size':
      return t`This picture is too large (at most ${MEGABYTES} MB).`;
    case 'link':
      return t`Please enter a web link to a picture (https://...).`;
    default:
      return refusalText(i18n, refusal);
  }
}

/**
 * spec 4 Image upload, as the profile edit form shows it: the picture (or a person icon), a file chooser and a
 * link field, the progress bar while uploading, the reason of a refusal, and Delete.
 */
export function AvatarField({ actorRef }: { actorRef: AvatarUploadActorRef }) {
  const { t } = useLingui();
  const { current, progress, refusal } = useSelector(actorRef, (s) => s.context);
  const preparing = useSelector(actorRef, (s) => s.matches('preparing'));
  const uploading = useSelector(actorRef, (s) => s.matches('uploading'));
  const uploaded = useSelector(actorRef, (s) => s.matches('uploaded'));
  const [link, setLink] = useState('');
  const fileId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const refusalText = useRefusalText(refusal);
  const busy = preparing || uploading;

  const submitLink = () => actorRef.send({ type: 'url.submit', url: link });
  // The link field sits inside the profile form: Enter imports the link instead of saving the profile.
  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submitLink();
  };

  return (
    <fieldset className="me-avatar" aria-busy={busy || undefined}>
      <legend>
        <Trans>Profile picture</Trans>
      </legend>
      <div className="me-avatar__row">
        {current ? (
          <img
            className="me-profile__avatar"
            src={current.url}
            alt={uploaded ? t`New profile picture (not saved yet)` : t`Profile picture`}
          />
        ) : (
          <span
            className="me-profile__avatar me-profile__avatar--none"
            role="img"
            aria-label={t`No profile picture`}
          >
            <PersonIcon />
          </span>
        )}
        <div>
          {/* The site's button look for the native chooser: the input stays in the page (focusable, named by the
              label, opened by Enter or Space), hidden to the eye; the label is what is seen and clicked. */}
          <input
            ref={fileInput}
            id={fileId}
            className="ui-visually-hidden me-avatar__file"
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            // Not disabled while busy (a disabled control drops the keyboard focus): the machine ignores a choice then.
            aria-disabled={busy || undefined}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again is a new choice.
              event.target.value = '';
              if (file) actorRef.send({ type: 'file.choose', file });
            }}
          />
          <label
            htmlFor={fileId}
            className={`${buttonClassName({ variant: 'secondary' })} me-avatar__choose`}
          >
            <Trans>Choose a picture</Trans>
          </label>
        </div>
        {current ? (
          <Button
            type="button"
            variant="secondary"
            busy={busy}
            onClick={() => {
              actorRef.send({ type: 'delete' });
              // The button goes with the picture: the keyboard continues from the file chooser.
              focusElement(fileInput.current);
            }}
          >
            <Trans>Delete picture</Trans>
          </Button>
        ) : null}
      </div>
      {preparing ? (
        <output>
          <Trans>Preparing the picture…</Trans>
        </output>
      ) : null}
      {uploading ? (
        <output className="me-avatar__status">
          <progress
            className="me-avatar__progress"
            max={100}
            value={progress}
            aria-label={t`Uploading the picture`}
          />
          <Trans>Uploading… {progress}%</Trans>
        </output>
      ) : null}
      {refusalText ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {refusalText}
        </p>
      ) : null}
      <div className="me-avatar__link">
        <TextField
          label={t`Or the link of a picture`}
          type="url"
          inputMode="url"
          value={link}
          readOnly={busy}
          onValueChange={setLink}
          onKeyDown={onLinkKey}
        />
        <Button type="button" variant="secondary" busy={busy} onClick={submitLink}>
          <Trans>Use link</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
