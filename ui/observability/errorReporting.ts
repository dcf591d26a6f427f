import type { ErrorCode } from '../../api/contract/errorCodes';

/**
 * Error reporting (spec 1: a third-party service, here Sentry). Off without a DSN: nothing is downloaded
 * and every call is a no-op. With a DSN, @sentry/browser is fetched by dynamic import (a lazy chunk, about
 * 30 KB gzip, kept off the first paint); errors raised while it loads are held and sent once it is up.
 */
type Sentry = typeof import('./sentry');

type Report =
  | { kind: 'exception'; error: unknown }
  | { kind: 'failure'; code: ErrorCode; context: Record<string, unknown> | undefined };

type State =
  | { status: 'off' }
  | { status: 'loading'; queue: Report[]; ready: Promise<void> }
  | { status: 'on'; sentry: Sentry };

let state: State = { status: 'off' };

export interface ErrorReportingOptions {
  dsn: string | undefined;
  environment: string;
}

export function initErrorReporting({ dsn, environment }: ErrorReportingOptions): Promise<void> {
  if (!dsn) return Promise.resolve();
  if (state.status === 'loading') return state.ready;
  if (state.status === 'on') return Promise.resolve();

  const queue: Report[] = [];
  const onError = (event: ErrorEvent) =>
    queue.push({ kind: 'exception', error: event.error ?? event.message });
  const onRejection = (event: PromiseRejectionEvent) =>
    queue.push({ kind: 'exception', error: event.reason });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  const ready = import('./sentry')
    .then((sentry) => {
      // The default integrations report uncaught errors and unhandled rejections from here on.
      sentry.init({ dsn, environment });
      state = { status: 'on', sentry };
      for (const report of queue) send(sentry, report);
    })
    .catch(() => {
      // Best effort: a blocked or failed download must never break the site.
      state = { status: 'off' };
    })
    .finally(() => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    });
  state = { status: 'loading', queue, ready };
  return ready;
}

/**
 * Reports a failed call when it is one we could not explain (unknown_server_error, spec 8); every other
 * code is an expected outcome (wrong password, used token...) and is not reported. `context` must not
 * hold personal data: the call name and status are enough.
 */
export function reportFailure(code: ErrorCode, context?: Record<string, unknown>): void {
  if (code !== 'unknown_server_error') return;
  const report: Report = { kind: 'failure', code, context };
  if (state.status === 'loading') state.queue.push(report);
  else if (state.status === 'on') send(state.sentry, report);
}

function send(sentry: Sentry, report: Report): void {
  if (report.kind === 'exception') {
    sentry.captureException(report.error);
    return;
  }
  sentry.captureMessage(`API failure: ${report.code}`, {
    level: 'error',
    tags: { errorCode: report.code },
    extra: report.context,
  });
}
