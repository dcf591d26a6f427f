import { Trans } from '@lingui/react/macro';
import { coverageShare } from './flowCatalog';

/** '25/25 (100 %)', marked when below 100 %; 'not run' when no model run covered the flow. */
export function CoverageCount({ count }: { count: { covered: number; total: number } | undefined }) {
  if (!count)
    return (
      <span className="flows__uncovered">
        <Trans>not run</Trans>
      </span>
    );
  const share = coverageShare(count);
  return (
    <span className={share < 100 ? 'flows__uncovered' : undefined}>
      <span data-count>
        {count.covered}/{count.total}
      </span>{' '}
      ({share} %)
    </span>
  );
}
