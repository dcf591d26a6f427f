/**
 * The e-mail a visitor typed on a forgot-password page, carried to the login page by 'Back to login' in the
 * history entry's state, never in the address: addresses end up in logs and referrers, and an e-mail must not.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    loginEmail?: string;
  }
}

/** The state a link to login carries so the login form starts with the e-mail already typed. */
export const withLoginEmail = (email: string) => ({ loginEmail: email.trim() || undefined });
