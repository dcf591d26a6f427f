import { Trans } from '@lingui/react/macro';
import { Button } from '../components/Button';

/** spec 2 Login: each secondary form's back-to-login link (a button: it changes the form, not the page). */
export function BackToLogin({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="link" onClick={onClick}>
      <Trans>Back to login</Trans>
    </Button>
  );
}
