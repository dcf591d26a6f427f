import { useLingui } from '@lingui/react/macro';
import '../styles/strength.css';
import { type StrengthTone, strengthPercent, strengthTone } from './passwordStrength';
import { strengthLanguageOf } from './strengthJudge';
import { usePasswordScore } from './usePasswordScore';

export interface PasswordStrengthMeterProps {
  password: string;
  /** Words the check treats as guessable, e.g. the user's e-mail and name. */
  userInputs?: readonly string[];
  /** id of the meter, so a field can point aria-describedby at it. */
  id?: string;
}

/** The spec 5 strength bar: a meter 0..100 with a colour and a word, so colour is never the only signal. */
export function PasswordStrengthMeter({ password, userInputs, id }: PasswordStrengthMeterProps) {
  const { t, i18n } = useLingui();
  const score = usePasswordScore(password, strengthLanguageOf(i18n.locale), userInputs);
  const percent = score === null ? 0 : strengthPercent(score, password);
  const tone: StrengthTone | undefined = score === null || percent === 0 ? undefined : strengthTone(score);
  const toneLabels: Record<StrengthTone, string> = {
    weak: t`Weak`,
    fair: t`Fair`,
    strong: t`Strong`,
  };
  const toneLabel = tone ? toneLabels[tone] : undefined;

  return (
    <div className="ui-strength">
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be coloured by tone in every browser. */}
      <div
        id={id}
        className="ui-strength__track"
        role="meter"
        aria-label={t`Password strength`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={toneLabel ? `${toneLabel} (${percent}%)` : `${percent}%`}
      >
        {/* An empty bar has no style attribute: the server draws it (routes/firstScreen.tsx) and the CSP refuses
            style attributes in HTML; a width set later by React goes through the DOM, which the CSP allows. */}
        <div
          className="ui-strength__bar"
          data-tone={tone}
          style={percent === 0 ? undefined : { width: `${percent}%` }}
        />
      </div>
      <span className="ui-strength__label" data-tone={tone} aria-hidden="true">
        {toneLabel}
      </span>
    </div>
  );
}
