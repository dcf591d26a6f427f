import { Trans } from '@lingui/react/macro';
import { Badge } from '../components/Badge';

/**
 * spec 2: archived channels show an Archived badge, with the wording of docs/decisions/product.md Profile and lists
 * ('all integrations are paused'). The explanation is visible text, so it reads the same to everyone.
 */
export function ArchivedBadge() {
  return (
    <>
      <Badge tone="warning">
        <Trans>Archived</Trans>
      </Badge>
      <small className="lists__note">
        <Trans>
          Your channel has been archived due to inactivity. This means that all integrations are paused and
          will not receive new data until the channel is unarchived.
        </Trans>
      </small>
    </>
  );
}
