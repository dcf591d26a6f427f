import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { SOCIAL_NETWORKS } from '../../api/contract/limits';
import { PHONE_EXAMPLE } from '../../api/contract/profile';
import { fieldValue, PROFILE_PLACES } from '../../machines/profileEdit/profileEdit.rules';
import type {
  ProfileEditActorRef,
  ProfileField,
  ProfileTab,
} from '../../machines/profileEdit/profileEdit.types';
import { Button, Tabs, TextField } from '../components';
import { FormFrame } from '../components/FormFrame';
import { useFieldDescription } from '../components/fieldDescription';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { PROFILE_RULES } from './profileEditText';
import { NETWORK_NAMES } from './socialIcons';
import './profileEdit.css';

export interface ProfileEditFormProps {
  actorRef: ProfileEditActorRef;
  /** The avatar field (its own machine, avatarUpload), shown in the Personal info tab. */
  avatar?: ReactNode;
  /** True while the avatar field prepares or uploads a picture: Save waits for it. */
  avatarBusy?: boolean;
}

/** The bio: a multi-line field with the same label, hint and error wiring as TextField. */
function BioField({
  name,
  label,
  value,
  error,
  onValueChange,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}) {
  const ids = useFieldDescription({ hasHint: false, hasError: Boolean(error) });
  return (
    <div className="ui-field" data-invalid={error ? true : undefined}>
      <label htmlFor={ids.inputId} className="ui-field__label">
        {label}
      </label>
      <div className="ui-field__control">
        <textarea
          id={ids.inputId}
          name={name}
          className="ui-field__input me-edit__bio"
          rows={4}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        />
      </div>
      {error ? (
        <p id={ids.errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * spec 2 Me page, profile edit: tabs Personal info (picture, screen name, position, department, phone with its
 * format hint, location, bio) and Social profiles (the seven links, placeholder 'Enter your profile link'); Save
 * ('Processing' while saving) and Cancel. Errors sit under their fields; a refusal on no field above the buttons.
 */
export function ProfileEditForm({ actorRef, avatar, avatarBusy = false }: ProfileEditFormProps) {
  const { t, i18n } = useLingui();
  const { values, tab, fieldErrors, error } = useSelector(actorRef, (s) => s.context);
  const saving = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSave = useSelector(actorRef, (s) => s.can({ type: 'save' }));
  // Save while the avatar is busy sends nothing (the button is busy): no field is refused then.
  const { rootRef, submit } = useFormFocus(actorRef, PROFILE_PLACES.fields, {
    submit: { type: 'save' },
    held: avatarBusy,
  });

  const field = (name: ProfileField) => ({
    name,
    value: fieldValue(values, name),
    error: fieldText(i18n, name, { fieldErrors }, PROFILE_RULES),
    onValueChange: (value: string) => actorRef.send({ type: 'field.change', field: name, value }),
  });
  const tabs = [
    { id: 'personal' as const, label: t`Personal info` },
    { id: 'social' as const, label: t`Social profiles` },
  ];
  const phone = PHONE_EXAMPLE;

  return (
    <FormFrame
      ref={rootRef}
      className="me-edit"
      title={<Trans>Edit profile</Trans>}
      error={error}
      canSubmit={canSave}
      busy={!canSave || avatarBusy}
      submitLabel={saving ? <Trans>Processing</Trans> : <Trans>Save</Trans>}
      onSubmit={submit}
      actions={
        <Button type="button" variant="secondary" onClick={() => actorRef.send({ type: 'cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <Tabs
        label={t`Profile`}
        tabs={tabs}
        selected={tab}
        onSelect={(next: ProfileTab) => actorRef.send({ type: 'tab.select', tab: next })}
      >
        {tab === 'personal' ? (
          <>
            {avatar}
            <TextField label={t`Screen name`} autoComplete="nickname" {...field('screenName')} />
            <TextField label={t`Position`} autoComplete="organization-title" {...field('position')} />
            <TextField label={t`Department`} {...field('department')} />
            <TextField
              label={t`Phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint={t`Phone number should be in the following format: ${phone}`}
              {...field('phone')}
            />
            <TextField label={t`Location`} {...field('location')} />
            <BioField label={t`Bio`} {...field('bio')} />
          </>
        ) : (
          SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={NETWORK_NAMES[network]}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t`Enter your profile link`}
              {...field(`links.${network}`)}
            />
          ))
        )}
      </Tabs>
    </FormFrame>
  );
}
