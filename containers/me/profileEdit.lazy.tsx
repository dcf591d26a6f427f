import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { deleteImages, saveProfile, uploadAvatar } from '../../api/actors';
import type { UserProfile } from '../../api/contract/profile';
import { avatarUploadMachine } from '../../machines/avatarUpload/avatarUpload.machine';
import type { AvatarUploadActorRef } from '../../machines/avatarUpload/avatarUpload.types';
import { profileEditMachine } from '../../machines/profileEdit/profileEdit.machine';
import type { ProfileEditActorRef } from '../../machines/profileEdit/profileEdit.types';
import { AvatarField } from '../../ui/me/AvatarField';
import { ProfileEditPanel } from '../../ui/me/ProfileEditPanel';
import { squareImage } from '../../ui/me/squareImage';

/** The avatarUpload machine's prepareImage slot: the canvas crop and shrink (ui/me/squareImage.ts). */
const prepareImage = fromPromise<Blob, { file: Blob }>(({ input }) => squareImage(input.file));

/**
 * spec 2 Me page, profile edit (loaded on the first Edit, containers/me/profile.tsx): owns the profileEdit and
 * avatarUpload actors for the rest of the visit and wires them together. A save merges the answer into the
 * page's one profile and commits the picture; Cancel makes the avatar field drop an unsaved upload; a new or
 * deleted picture becomes the form's imageId.
 * @public loaded with import() by containers/me/profile.tsx as a whole module, which knip does not follow.
 */
export function ProfileEditSection({
  profile,
  onProfileChange,
}: {
  profile: UserProfile;
  onProfileChange: (changes: Partial<UserProfile>) => void;
}) {
  const wires = useRef<{ edit?: ProfileEditActorRef; avatar?: AvatarUploadActorRef }>({});
  const [machines] = useState(() => ({
    edit: profileEditMachine.provide({
      actors: { saveProfile },
      actions: {
        profileSaved: (_, saved) => {
          onProfileChange({
            ...saved,
            ...(saved.image !== undefined ? { imageId: saved.image?.id ?? null } : {}),
          });
          wires.current.avatar?.send({ type: 'commit' });
        },
        editCancelled: () => wires.current.avatar?.send({ type: 'discard' }),
      },
    }),
    avatar: avatarUploadMachine.provide({
      actors: { prepareImage, uploadAvatar, deleteImages },
      actions: { reportImage: (_, image) => wires.current.edit?.send({ type: 'image.change', image }) },
    }),
  }));
  const editRef = useActorRef(machines.edit);
  const avatarRef = useActorRef(machines.avatar, { input: { image: profile.image } });
  wires.current = { edit: editRef, avatar: avatarRef };

  const avatarBusy = useSelector(avatarRef, (s) => s.matches('preparing') || s.matches('uploading'));

  // This chunk loads because Edit was pressed: the form opens at once, on the page's profile as it is now.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    editRef.send({ type: 'open', profile });
  });

  return (
    <ProfileEditPanel
      actorRef={editRef}
      profile={profile}
      avatar={<AvatarField actorRef={avatarRef} />}
      avatarBusy={avatarBusy}
    />
  );
}
