import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../styles/strength.css';
import { type StrengthTone, strengthPercent, strengthTone } from './passwordStrength';
import { type PasswordStrength, strengthLanguageOf, usePasswordStrength } from './usePasswordStrength';

export interface PasswordStrengthMeterProps {
  password: string;
  /** The form's minimum length (its schema's constant): below it the bar says so instead of judging. */
  minimum: number;
  /** Words the check treats as guessable, e.g. the user's e-mail and name. */
  userInputs?: readonly string[];
  /** id of the meter, so a field can point aria-describedby at it. */
  id?: string;
}

/**
 * The spec 5 strength bar: a meter 0..100 with a colour and a word, so colour is never the only signal. It is never
 * silently empty once something is typed: below the minimum it names the minimum, before the judge is ready it says
 * it is checking, and when the judge cannot be loaded it says so.
 */
export function PasswordStrengthMeter({ password, minimum, userInputs, id }: PasswordStrengthMeterProps) {
  const { t, i18n } = useLingui();
  const strength = usePasswordStrength(password, strengthLanguageOf(i18n.locale), minimum, userInputs);
  const score = strength.kind === 'scored' ? strength.score : null;
  const percent = score === null ? 0 : strengthPercent(score, password);
  const tone: StrengthTone | undefined = score === null ? undefined : strengthTone(score);
  const toneLabels: Record<StrengthTone, string> = {
    weak: t`Weak`,
    fair: t`Fair`,
    strong: t`Strong`,
  };
  const notes: Record<Exclude<PasswordStrength['kind'], 'scored'>, string | undefined> = {
    empty: undefined,
    short: t`${plural(minimum, { one: 'At least # character', other: 'At least # characters' })}`,
    checking: t`Checking…`,
    unavailable: t`Strength check unavailable`,
  };
  const label = tone ? toneLabels[tone] : strength.kind === 'scored' ? undefined : notes[strength.kind];

  return (
    <div className="ui-strength" data-state={strength.kind}>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be coloured by tone in every browser. */}
      <div
        id={id}
        className="ui-strength__track"
        role="meter"
        aria-label={t`Password strength`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label ? (tone ? `${label} (${percent}%)` : label) : `${percent}%`}
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
        {label}
      </span>
    </div>
  );
}
