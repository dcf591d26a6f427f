import { Trans } from '@lingui/react/macro';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { DecisionsPage, SpecPage } from '../ui/flows/docs/DocumentPages';
import { FlowsFrame } from '../ui/flows/FlowsFrame';

/** The explorer's documents (routes/flowsRoutes.tsx): the specification and the decisions, anchors per clause. */
const backLink = (
  <Link to="/flows">
    <Trans>All flows</Trans>
  </Link>
);

function SpecRoute() {
  return (
    <FlowsFrame>
      <SpecPage backLink={backLink} />
    </FlowsFrame>
  );
}

function DecisionsRoute() {
  return (
    <FlowsFrame>
      <DecisionsPage backLink={backLink} />
    </FlowsFrame>
  );
}

export const specPage = createLazyRoute('/flows/spec')({ component: SpecRoute });
export const decisionsPage = createLazyRoute('/flows/decisions')({ component: DecisionsRoute });
