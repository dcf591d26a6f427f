import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { decisions, specification } from './documents';
import { MarkdownDocument, useScrollToHash } from './MarkdownDocument';

/**
 * /flows/spec: the product owner's specification (docs/spec.md), every section, screen and labelled clause with its
 * anchor, where a state's 'spec 2 Register' leads (references.ts). In English, as written.
 */
export function SpecPage({ backLink }: { backLink: ReactNode }) {
  useScrollToHash();
  return (
    <article className="flows-doc" data-testid="spec-page">
      <p>{backLink}</p>
      <p className="flows__lead">
        <Trans>
          The product owner's specification, <code>docs/spec.md</code>: the states' descriptions link to its
          clauses.
        </Trans>
      </p>
      <div lang="en">
        <MarkdownDocument document={specification()} />
      </div>
    </article>
  );
}

/**
 * /flows/decisions: the decisions taken where the specification says nothing (docs/decisions/<area>.md), one area
 * after another, each entry's anchor '<area>-<title>', where a state's 'docs/decisions/<area>.md: <Title>' leads.
 */
export function DecisionsPage({ backLink }: { backLink: ReactNode }) {
  useScrollToHash();
  return (
    <article className="flows-doc" data-testid="decisions-page">
      <p>{backLink}</p>
      <h1>
        <Trans>The decisions</Trans>
      </h1>
      <p className="flows__lead">
        <Trans>
          What was decided where the specification says nothing, <code>docs/decisions/</code>: the states'
          descriptions link to its entries.
        </Trans>
      </p>
      <div lang="en">
        {decisions().map(({ area, document }) => (
          <section key={area} aria-label={`docs/decisions/${area}.md`}>
            <MarkdownDocument document={document} shift={1} />
          </section>
        ))}
      </div>
    </article>
  );
}
