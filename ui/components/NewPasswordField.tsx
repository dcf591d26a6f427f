import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete'> & {
  /**
   * The form's minimum length, the constant its schema uses (e.g. SIGNUP_PASSWORD_MIN): below it the strength bar
   * names the minimum instead of judging.
   */
  strengthMinimum: number;
  /** Words the strength check treats as guessable, e.g. the user's e-mail and name. */
  userInputs?: readonly string[];
};

/**
 * A new-password field (spec 5): the password field with the strength bar under it. Its own module, not part of
 * PasswordField, so the login page's first load carries no strength bar.
 */
export function NewPasswordField({
  strengthMinimum,
  userInputs,
  below,
  ...fieldProps
}: NewPasswordFieldProps) {
  return (
    <PasswordField
      {...fieldProps}
      autoComplete="new-password"
      below={
        <>
          <PasswordStrengthMeter
            password={fieldProps.value}
            minimum={strengthMinimum}
            userInputs={userInputs}
          />
          {below}
        </>
      }
    />
  );
}
