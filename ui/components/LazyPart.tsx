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

/**
 * A part of a view in its own chunk (routes/README.md: one way to load a part lazily): `load` is a dynamic
 * `import()` of its module, called when the caller mounts, and the module is kept in state; a failed load is
 * reported (`what` names it) and can be tried again. `load` must be a module-level function (it keys the cache).
 */
export function useLoadedPart<M>(load: () => Promise<M>, what: string): PartLoad<M> {
  const [module, setModule] = useState(() => loadedModules.get(load) as M | undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) is what loads again
  useEffect(() => {
    if (module !== undefined) return;
    let current = true;
    load()
      .then((loaded) => {
        loadedModules.set(load, loaded);
        if (current) setModule(() => loaded);
      })
      .catch((error: unknown) => {
        reportFailure('unknown_server_error', { call: `load ${what}`, error: String(error) });
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [load, what, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  if (module !== undefined) return { status: 'loaded', module };
  return failed ? { status: 'failed', retry } : { status: 'loading' };
}

/**
 * Draws a part loaded with `useLoadedPart`: the loader while it loads, the spec 8 text with a retry when the load
 * failed (as the Security lists say a failed load), then `children(module)`.
 */
export function LazyPart<M>({
  load,
  what,
  children,
}: {
  load: () => Promise<M>;
  what: string;
  children: (module: M) => ReactNode;
}) {
  const { i18n } = useLingui();
  const part = useLoadedPart(load, what);
  if (part.status === 'loaded') return children(part.module);
  if (part.status === 'loading') return <Loader />;
  return (
    <Alert tone="error">
      <p>{refusalText(i18n, { code: 'unknown_server_error' })}</p>
      <Button variant="secondary" onClick={part.retry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}
