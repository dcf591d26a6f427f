/**
 * The e-mail a visitor typed on a forgot-password page, carried to the login page by 'Back to login', and the one
 * typed on the login page, carried to forgot password by 'Forgot your password?': in the history entry's state,
 * never in the address (addresses end up in logs and referrers, and an e-mail must not).
 */
declare module '@tanstack/history' {
  interface HistoryState {
    loginEmail?: string;
  }
}

/** The state a link carries so the form it leads to starts with the e-mail already typed. */
export const withLoginEmail = (email: string) => ({ loginEmail: email.trim() || undefined });
