import { Trans } from '@lingui/react/macro';
import { Badge } from '../../components/Badge';

/** A device row's name (sessions, remembered devices): browser on system, and 'This device' where it is this one. */
export function DeviceName({
  browser,
  system,
  current,
}: {
  browser: string;
  system: string;
  current: boolean;
}) {
  return (
    <p className="me-sessions__device">
      <Trans>
        {browser} on {system}
      </Trans>
      {current ? (
        <>
          {' '}
          <Badge tone="primary">
            <Trans>This device</Trans>
          </Badge>
        </>
      ) : null}
    </p>
  );
}
