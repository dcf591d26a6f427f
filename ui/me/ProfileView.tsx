import { Trans, useLingui } from '@lingui/react/macro';
import { type Ref, useId, useState } from 'react';
import { SOCIAL_NETWORKS } from '../../api/contract/limits';
import type { UserProfile } from '../../api/contract/profile';
import { Alert, Button, PersonIcon } from '../components';
import { Heading } from '../components/headingLevel';
import { type CompletenessField, croppedBio, missingProfileFields } from './profileCompleteness';
import { NETWORK_NAMES, SocialMark } from './socialIcons';
import './me.css';

export interface ProfileViewProps {
  profile: UserProfile;
  /** The Edit button (spec 2): opens the profile edit form. */
  onEdit?: () => void;
  /** True while the edit form is being loaded. */
  editBusy?: boolean;
  editButtonRef?: Ref<HTMLButtonElement>;
}

/** The bio, cropped with a More/Less toggle when longer than the preview (spec 2 Me page). */
function Bio({ bio }: { bio: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const cropped = croppedBio(bio);
  if (cropped === bio) return <p className="me-profile__bio">{bio}</p>;
  return (
    <div className="me-profile__bio">
      <p id={textId}>{expanded ? bio : cropped}</p>
      <Button
        variant="link"
        aria-expanded={expanded}
        aria-controls={textId}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? <Trans>Less</Trans> : <Trans>More</Trans>}
      </Button>
    </div>
  );
}

/**
 * What the 'Please complete your profile!' banner asks for, named as the edit form names the fields. The list is
 * joined here rather than by Intl.ListFormat: making one loads the locale's list data, a cost paid in the middle of
 * /me's takeover (docs/benchmarks.md: /me), for at most four words.
 */
function MissingFields({ fields }: { fields: CompletenessField[] }) {
  const { t } = useLingui();
  const names: Record<CompletenessField, string> = {
    position: t`Position`,
    department: t`Department`,
    phone: t`Phone`,
    bio: t`Bio`,
  };
  const named = fields.map((f) => names[f]);
  const last = named.at(-1) ?? '';
  const head = named.slice(0, -1).join(', ');
  const list = head === '' ? last : t`${head} and ${last}`;
  return (
    <p>
      <Trans>Still missing: {list}. Use Edit to add them.</Trans>
    </p>
  );
}

/**
 * spec 2 Me page, profile view: avatar (or a person icon), screen name, position, department, bio, mailto e-mail,
 * tel phone, location text and the social links that are set.
 */
export function ProfileView({ profile, onEdit, editBusy = false, editButtonRef }: ProfileViewProps) {
  const { t } = useLingui();
  const links = SOCIAL_NETWORKS.filter((network) => profile.links[network] !== '');
  const name = profile.screenName;
  const role = [profile.position, profile.department].filter((part) => part !== '');
  const missing = missingProfileFields(profile);
  return (
    <section className="me-profile" aria-labelledby="me-profile-name">
      {missing.length > 0 ? (
        <Alert tone="warning" title={<Trans>Please complete your profile!</Trans>}>
          <MissingFields fields={missing} />
        </Alert>
      ) : null}
      <div className="me-profile__head">
        {profile.image ? (
          <img className="me-profile__avatar" src={profile.image.url} alt={t`Avatar of ${name}`} />
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
          <Heading id="me-profile-name" className="me-profile__name">
            {profile.screenName}
          </Heading>
          {role.length > 0 ? <p className="me-profile__role">{role.join(' · ')}</p> : null}
        </div>
      </div>
      {profile.bio ? <Bio bio={profile.bio} /> : null}
      <dl className="me-profile__facts">
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>
          <a href={`mailto:${profile.email}`}>{profile.email}</a>
        </dd>
        {profile.phone ? (
          <>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`}>{profile.phone}</a>
            </dd>
          </>
        ) : null}
        {profile.location.text ? (
          <>
            <dt>
              <Trans>Location</Trans>
            </dt>
            <dd>{profile.location.text}</dd>
          </>
        ) : null}
      </dl>
      {links.length > 0 ? (
        <ul className="me-social" aria-label={t`Social profiles`}>
          {links.map((network) => (
            <li key={network}>
              <a
                href={profile.links[network]}
                rel="noopener noreferrer"
                target="_blank"
                aria-label={NETWORK_NAMES[network]}
              >
                <SocialMark network={network} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {onEdit ? (
        <Button type="button" variant="secondary" ref={editButtonRef} busy={editBusy} onClick={onEdit}>
          <Trans>Edit</Trans>
        </Button>
      ) : null}
    </section>
  );
}
