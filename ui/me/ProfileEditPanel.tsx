import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useRef } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import type { ProfileEditActorRef } from '../../machines/profileEdit/profileEdit.types';
import { usePageTitle } from '../components/usePageTitle';
import { useReturnFocus } from '../form/useHeadingFocus';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileView } from './ProfileView';

export interface ProfileEditPanelProps {
  actorRef: ProfileEditActorRef;
  /** The page's profile (the one place the route keeps it): what the view shows and Edit starts from. */
  profile: UserProfile;
  avatar?: ReactNode;
  avatarBusy?: boolean;
}

/**
 * spec 2 Me page: the profile view with its Edit button while the profileEdit machine is closed, the edit form
 * otherwise. Back on the view after Save or Cancel, the keyboard continues from the Edit button.
 */
export function ProfileEditPanel({ actorRef, profile, avatar, avatarBusy }: ProfileEditPanelProps) {
  const open = useSelector(actorRef, (s) => !s.matches('closed'));
  const editButton = useRef<HTMLButtonElement>(null);
  // The page's title says what it shows now (house rule: per page and state).
  usePageTitle(open ? msg`Edit profile` : msg`Your account`);
  useReturnFocus(editButton, open);

  if (!open)
    return (
      <ProfileView
        profile={profile}
        onEdit={() => actorRef.send({ type: 'open', profile })}
        editButtonRef={editButton}
      />
    );
  return <ProfileEditForm actorRef={actorRef} avatar={avatar} avatarBusy={avatarBusy ?? false} />;
}
