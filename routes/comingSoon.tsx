import type { MessageDescriptor } from '@lingui/core';
import { ComingSoon } from '../ui/pages/ComingSoon';
import { StandalonePage } from '../ui/pages/StandalonePage';

/**
 * Route components for screens that later issues build (spec 2): each names its page so the visitor, and a
 * test, can tell the routes apart. `standalone` pages sit outside the landing layout and bring their own frame.
 */
export function comingSoon(page: MessageDescriptor, { standalone = false } = {}) {
  function ComingSoonRoute() {
    return standalone ? (
      <StandalonePage>
        <ComingSoon page={page} />
      </StandalonePage>
    ) : (
      <ComingSoon page={page} />
    );
  }
  return ComingSoonRoute;
}
