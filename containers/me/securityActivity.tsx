import { LazyPart } from '../../ui/components/LazyPart';

const loadActivityPart = () => import('./securityActivity.lazy');

/**
 * The Security part's recent activity on /me (containers/me/securityActivity.lazy.tsx owns its actor). Its own chunk
 * (/me's first load has a budget, scripts/size.ts), loaded at the first idle moment after the page came alive, as
 * the sessions part is.
 */
export function MeSecurityActivity({ recoveryHref }: { recoveryHref: string }) {
  return (
    <LazyPart load={loadActivityPart} what="activity part" whenIdle loading={null}>
      {(part) => <part.ActivitySection recoveryHref={recoveryHref} />}
    </LazyPart>
  );
}
