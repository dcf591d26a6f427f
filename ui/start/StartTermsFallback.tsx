import { Trans } from '@lingui/react/macro';
import { Checkbox } from '../components/Checkbox';

export interface StartTermsFallbackProps {
  organisationSubdomain: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/**
 * FALLBACK until the shared organisation terms field (ui/terms/TermsField) lands: the required terms checkbox
 * with the default wording and links (spec 5: terms checkbox required at registration). Same props as
 * TermsField, so replacing it is a one-line change; the organisation's own wording is not shown yet.
 */
export function StartTermsFallback({ checked, onChange, error }: StartTermsFallbackProps) {
  return (
    <Checkbox
      name="terms"
      required
      checked={checked}
      onCheckedChange={onChange}
      error={error}
      label={
        <Trans>
          I accept the <a href="/terms-of-service">terms of service</a> and the{' '}
          <a href="/privacy">privacy policy</a>.
        </Trans>
      }
    />
  );
}
