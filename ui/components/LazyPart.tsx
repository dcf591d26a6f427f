import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { refusalText } from '../form/fieldText';
import { reportFailure } from '../observability/errorReporting';
import { Alert } from './Alert';
import { Button } from './Button';
import { Loader } from './Loader';

/** The modules loaded so far, by their loader: a part shown again is drawn at once, without the loader between. */
const loadedModules = new WeakMap<() => Promise<unknown>, unknown>();

export type PartLoad<M> =
  | { status: 'loading' }
  | { status: 'loaded'; module: M }
  | { status: 'failed'; retry: () => void };

/** The longest a part loaded `whenIdle` waits for an idle moment. */
const IDLE_WAIT_MS = 2000;

/**
 * Calls `then` once the browser is idle (at the latest after IDLE_WAIT_MS; a timer where idleness is unknown);
 * the returned function cancels it.
 */
function onIdle(then: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(then, { timeout: IDLE_WAIT_MS });
    const cancel = window.cancelIdleCallback;
    return () => cancel(handle);
  }
  const timer = setTimeout(then, 0);
  return () => clearTimeout(timer);
}

export interface PartLoadOptions {
  /**
   * Load once the browser is idle instead of right after mounting: for a part below the first screen, whose
   * chunk, actors and calls would otherwise run in the same moments as the page's takeover (the long tasks that
   * Total Blocking Time counts, docs/benchmarks.md).
   */
  whenIdle?: boolean;
  /**
   * Whether to load yet (default true): a part the page will likely need next is loaded once that is likely (the
   * login's code forms while the password is checked), not with the page.
   */
  enabled?: boolean;
}

/**
 * A part of a view in its own chunk (routes/README.md: one way to load a part lazily): `load` is a dynamic
 * `import()` of its module, called when the caller mounts (or, `whenIdle`, at the browser's next idle moment), and
 * the module is kept in state; a failed load is reported (`what` names it) and can be tried again. `load` must be
 * a module-level function (it keys the cache).
 */
export function useLoadedPart<M>(
  load: () => Promise<M>,
  what: string,
  { whenIdle = false, enabled = true }: PartLoadOptions = {},
): PartLoad<M> {
  const [module, setModule] = useState(() => loadedModules.get(load) as M | undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) is what loads again
  useEffect(() => {
    if (module !== undefined || !enabled) return;
    let current = true;
    const start = () =>
      load()
        .then((loaded) => {
          loadedModules.set(load, loaded);
          if (current) setModule(() => loaded);
        })
        .catch((error: unknown) => {
          reportFailure('unknown_server_error', { call: `load ${what}`, error: String(error) });
          if (current) setFailed(true);
        });
    // A retry is a person's click: at once.
    let cancel: (() => void) | undefined;
    if (whenIdle && attempt === 0) cancel = onIdle(() => void start());
    else void start();
    return () => {
      current = false;
      cancel?.();
    };
  }, [load, what, attempt, whenIdle, enabled]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  if (module !== undefined) return { status: 'loaded', module };
  return failed ? { status: 'failed', retry } : { status: 'loading' };
}

/**
 * Draws a part loaded with `useLoadedPart`: `loading` while it loads (the loader unless told), the spec 8 text with
 * a retry when the load failed (as the Security lists say a failed load), then `children(module)`.
 */
export function LazyPart<M>({
  load,
  what,
  whenIdle,
  loading,
  children,
}: {
  load: () => Promise<M>;
  what: string;
  loading?: ReactNode;
  children: (module: M) => ReactNode;
} & PartLoadOptions) {
  const part = useLoadedPart(load, what, { whenIdle });
  return (
    <LoadedPart part={part} loading={loading}>
      {children}
    </LoadedPart>
  );
}

/**
 * Draws a part whose load the view holds itself (`useLoadedPart`), for a view whose other rules read the same
 * load: the login moves the focus to a new form in the render that draws it, so both read one load's state (two
 * loads of the same module settle in separate renders, and the focus would move before the form is there).
 */
export function LoadedPart<M>({
  part,
  loading = <Loader />,
  children,
}: {
  part: PartLoad<M>;
  loading?: ReactNode;
  children: (module: M) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (part.status === 'loaded') return children(part.module);
  if (part.status === 'loading') return loading;
  return (
    <Alert tone="error">
      <p>{refusalText(i18n, { code: 'unknown_server_error' })}</p>
      <Button variant="secondary" onClick={part.retry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}
