// Build-time settings read by routes/site/footerLinks.ts (Vite exposes VITE_* variables).
interface ImportMetaEnv {
  /** The flow explorer (/flows) is in this build (vite.config.ts flowExplorerIn; routes/site/flowsEnabled.ts). */
  readonly FLOWS?: boolean;
  /** The build's version and commit (vite.config.ts release), stamped on /flows downloads. */
  readonly RELEASE?: string;
  /** Where the footer's 'Browser plug-in' link goes; without it the link is not shown. */
  readonly VITE_PLUGIN_URL?: string;
  /** Where the footer's 'FAQ' link goes; without it the link is not shown. */
  readonly VITE_FAQ_URL?: string;
  /** The site's contact address (company start pages, 'I have no recovery code'); default support@<host>. */
  readonly VITE_CONTACT_EMAIL?: string;
}
