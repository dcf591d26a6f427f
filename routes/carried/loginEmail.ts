/**
 * The e-mail typed on the login page, carried to forgot password by 'Forgot your password?': in the history entry's
 * state, never in the address (addresses end up in logs and referrers, and an e-mail must not). Nothing is carried
 * back: spec 4 clears the forgot-password e-mail on leaving its pages (docs/decisions/product.md: The forgot-password
 * e-mail stays on its two pages).
 */
declare module '@tanstack/history' {
  interface HistoryState {
    loginEmail?: string;
  }
}

/** The state a link carries so the form it leads to starts with the e-mail already typed. */
export const withLoginEmail = (email: string) => ({ loginEmail: email.trim() || undefined });
