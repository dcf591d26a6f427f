// Build-time settings read by ui/observability/config.ts (Vite exposes VITE_* variables).
interface ImportMetaEnv {
  /** Sentry DSN; without it error reporting stays off and Sentry is never downloaded. */
  readonly VITE_SENTRY_DSN?: string;
  /** Chat-support vendor: none (default), crisp or intercom. */
  readonly VITE_CHAT_SUPPORT?: string;
  /** The vendor's site id (Crisp website id, Intercom app id). */
  readonly VITE_CHAT_SUPPORT_ID?: string;
}
