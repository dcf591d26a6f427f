import { useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { ProfileView } from '../../ui/me/ProfileView';
import { reportFailure } from '../../ui/observability/errorReporting';

type EditorModule = typeof import('./profileEdit.lazy');

/**
 * spec 2 Me page: the profile the guard read (GET /api/me once per visit), kept in ONE place for the page. What the
 * page's machines change (a saved profile, spec 4: data merged) is merged here, and into the visit's copy that
 * the guard hands out again when /me's search changes, so no part of the page shows an older profile.
 */
export function useMeProfile(initial: UserProfile, visit: { profile: UserProfile | null }) {
  const [profile, setProfile] = useState(initial);
  const merge = (changes: Partial<UserProfile>) => {
    setProfile((current) => {
      const next = { ...current, ...changes };
      visit.profile = next;
      return next;
    });
  };
  return [profile, merge] as const;
}

/**
 * The profile view with its Edit button. The edit form, the avatar upload and their machines are a separate chunk
 * loaded on the first Edit (spec 2; the /me first-load budget): until then the view stands alone.
 */
export function MeProfileArea({
  profile,
  onProfileChange,
}: {
  profile: UserProfile;
  onProfileChange: (changes: Partial<UserProfile>) => void;
}) {
  const [editor, setEditor] = useState<EditorModule | null>(null);
  const [loading, setLoading] = useState(false);
  if (editor) return <editor.ProfileEditSection profile={profile} onProfileChange={onProfileChange} />;
  const loadEditor = () => {
    setLoading(true);
    import('./profileEdit.lazy')
      .then((module) => setEditor(module))
      .catch((error: unknown) => {
        setLoading(false);
        reportFailure('unknown_server_error', { call: 'load profile editor', error: String(error) });
      });
  };
  return <ProfileView profile={profile} onEdit={loadEditor} editBusy={loading} />;
}
