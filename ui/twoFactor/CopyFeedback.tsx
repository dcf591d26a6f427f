import { Trans, useLingui } from '@lingui/react/macro';
import { type FocusEvent, useRef } from 'react';
import { Alert } from '../components/Alert';
import { useFocusWhen } from '../form/useHeadingFocus';

export interface CopyFeedbackProps {
  copied: boolean;
  failed: boolean;
  /** What the copy button tried to put on the clipboard. */
  text: string;
}

const selectAll = (event: FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select();

/**
 * spec 2: a 'Copied!' note, and when copying fails an alert with the text to copy. The alert is in the page,
 * not window.alert: role=alert is announced just the same, but the text stays on screen next to the step,
 * can be selected and copied by hand (a native alert's text often cannot), and nothing blocks the page.
 */
export function CopyFeedback({ copied, failed, text }: CopyFeedbackProps) {
  const { t } = useLingui();
  const textRef = useRef<HTMLTextAreaElement>(null);
  // The text is focused and selected as the alert appears: Ctrl+C is all that is left to do.
  useFocusWhen(textRef, failed);
  return (
    <>
      {/* Always rendered: a live region must exist before its content changes to be announced. */}
      <output className="two-factor__copied" aria-live="polite">
        {copied ? <Trans>Copied!</Trans> : null}
      </output>
      {failed ? (
        <Alert tone="error" title={<Trans>Copying did not work</Trans>}>
          <p>
            <Trans>Please select the text below and copy it yourself.</Trans>
          </p>
          <textarea
            ref={textRef}
            className="ui-field__input two-factor__copy-text"
            aria-label={t`Text to copy`}
            readOnly
            rows={Math.min(text.trim().split('\n').length, 10)}
            value={text}
            onFocus={selectAll}
          />
        </Alert>
      ) : null}
    </>
  );
}
