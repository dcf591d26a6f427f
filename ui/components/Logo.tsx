export interface LogoProps {
  /** Height in px; the mark is square. */
  size?: number;
  /** Accessible name; without it the logo is decorative (e.g. inside a link that is already named). */
  title?: string;
  className?: string;
}

/** The product mark: a speech bubble (chat) holding three lines (content), on the primary colour. */
export function Logo({ size = 40, title, className }: LogoProps) {
  const classes = className ? `ui-logo ${className}` : 'ui-logo';
  const mark = (
    <>
      <rect width="48" height="48" rx="12" fill="var(--color-primary, #3451d1)" />
      <path
        d="M13 14.5A3.5 3.5 0 0 1 16.5 11h15a3.5 3.5 0 0 1 3.5 3.5v12a3.5 3.5 0 0 1-3.5 3.5H22l-6.2 5.3c-.6.5-1.3 0-1.3-.6V30h-.5A1 1 0 0 1 13 29Z"
        fill="var(--color-on-primary, #fff)"
      />
      <path
        d="M18 17h12M18 21h12M18 25h7"
        stroke="var(--color-primary, #3451d1)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  );
  if (title) {
    return (
      <svg role="img" className={classes} width={size} height={size} viewBox="0 0 48 48" focusable="false">
        <title>{title}</title>
        {mark}
      </svg>
    );
  }
  return (
    <svg
      aria-hidden="true"
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      focusable="false"
    >
      {mark}
    </svg>
  );
}
