import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import type { requestMachine } from '../../machines/request/request.machine';
import { Button } from '../components/Button';

export interface RequestViewProps<TData> {
  actorRef: ActorRefFrom<typeof requestMachine>;
  /** What to show once loaded. `TData` is what the provided `request` actor answers; the machine cannot know it. */
  children: (data: TData) => ReactNode;
}

/**
 * spec 4 Generic request, on screen: a loader while pending, the error with a Retry button when rejected, the
 * children with the answer when loaded; nothing before the request starts.
 */
export function RequestView<TData>({ actorRef, children }: RequestViewProps<TData>) {
  const { t } = useLingui();
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const data = useSelector(actorRef, (snapshot) => snapshot.context.data);
  const error = useSelector(actorRef, (snapshot) => snapshot.context.error);

  switch (state) {
    case 'pending':
      return (
        // <output> is a live region with role status: screen readers announce the loading.
        <output className="ui-request ui-request--pending">
          <span className="ui-spinner" aria-hidden="true" />
          <Trans>Loading…</Trans>
        </output>
      );
    case 'rejected':
      return (
        <div className="ui-request ui-request--rejected">
          <p role="alert">{t(ERROR_MESSAGES[error ?? 'unknown_server_error'])}</p>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'request.retry' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      );
    case 'loaded':
      return <>{children(data as TData)}</>;
    default:
      return null;
  }
}
