// Build-time settings read by routes/footerLinks.ts (Vite exposes VITE_* variables).
interface ImportMetaEnv {
  /** Where the footer's 'Browser plug-in' link goes; without it the link is not shown. */
  readonly VITE_PLUGIN_URL?: string;
  /** Where the footer's 'FAQ' link goes; without it the link is not shown. */
  readonly VITE_FAQ_URL?: string;
  /** The contact address the company start pages offer when an employee's details are unknown (default support@<host>). */
  readonly VITE_CONTACT_EMAIL?: string;
}
