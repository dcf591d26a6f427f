import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import type { MachineName } from '../../machines/registry';
import { usePageTitle } from '../components/usePageTitle';
import { CoverageCount } from './CoverageCount';
import { EVERY_PAGE, flowAddresses, flowsAt } from './flowAddresses';
import { coverageReport, flowEntry, flowNames } from './flowCatalog';
import { flowTitle } from './titles/flowTitles';
import '../styles/table.css';
import './flows.css';
import { DescriptionText } from './docs/DescriptionText';

export interface FlowsIndexProps {
  renderFlowLink: (name: MachineName, children: ReactNode) => ReactNode;
  /** A site path as a link of this build (its base path): '/start' -> '/root/start'. */
  addressHref: (path: string) => string;
  /** The printable overview of all flows (FlowsOverview). */
  overviewLink: ReactNode;
  /** The design system's components in both palettes (ComponentsGallery). */
  componentsLink: ReactNode;
  /** The specification and the decisions the flows cite (/flows/spec, /flows/decisions). */
  documentLinks?: ReactNode;
  /** A link named a flow the registry does not have (renamed or removed): said above the list of every flow. */
  unknownFlow?: string | undefined;
}

/** /flows: every machine of the registry with what it does, its size and its coverage in the last model run. */
export function FlowsIndex({
  renderFlowLink,
  addressHref,
  overviewLink,
  componentsLink,
  documentLinks,
  unknownFlow,
}: FlowsIndexProps) {
  const searchId = useId();
  const [address, setAddress] = useState('');
  const shown = flowsAt(address);
  const found = shown.length;
  const { i18n } = useLingui();
  usePageTitle(msg`Flows`);
  const ranAt = i18n.date(new Date(coverageReport.ranAt), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className="flows">
      <h1>
        <Trans>Flows</Trans>
      </h1>
      {unknownFlow !== undefined ? (
        <p className="flows__problem" role="alert" data-testid="unknown-flow">
          <Trans>
            There is no flow “{unknownFlow}”: it may have been renamed or removed. Every flow of the site is
            listed below.
          </Trans>
        </p>
      ) : null}
      <p className="flows__lead">
        <Trans>
          Every flow of the site, drawn from its state machine, with the path coverage of the last model run (
          {ranAt}).
        </Trans>
      </p>
      <p className="flows__actions">
        {overviewLink} · {componentsLink}
        {documentLinks ? <> · {documentLinks}</> : null}
      </p>
      <search className="flows__search">
        <label htmlFor={searchId}>
          <Trans>Which flow runs at an address? (for example /start)</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <output aria-live="polite" data-testid="flow-search-count">
          <Trans>Flows found: {found}</Trans>
        </output>
      </search>
      <div className="ui-table flows__table">
        <table className="ui-table__table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Flow</Trans>
              </th>
              <th scope="col">
                <Trans>Where this comes from</Trans>
              </th>
              <th scope="col">
                <Trans>Runs at</Trans>
              </th>
              <th scope="col" data-align="end">
                <Trans>States</Trans>
              </th>
              <th scope="col" data-align="end">
                <Trans>Transitions</Trans>
              </th>
              <th scope="col" data-align="end">
                <Trans>States covered</Trans>
              </th>
              <th scope="col" data-align="end">
                <Trans>Transitions covered</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {flowNames
              .filter((name) => shown.includes(name))
              .map((name) => {
                const flow = flowEntry(name);
                return (
                  <tr key={name} data-flow={name}>
                    <th scope="row">
                      {renderFlowLink(name, flowTitle(i18n, name))}
                      <br />
                      <code className="flows__code-name">{name}</code>
                    </th>
                    {/* The spec reference is the machine's own English text. */}
                    <td className="flows__description" lang="en">
                      {flow.description ? <DescriptionText text={flow.description} /> : null}
                    </td>
                    <td data-addresses>
                      {flowAddresses[name].map((path) =>
                        path === EVERY_PAGE ? (
                          <span key={path}>
                            <Trans>every page</Trans>
                          </span>
                        ) : (
                          <a key={path} href={addressHref(path)}>
                            <code>{path}</code>
                          </a>
                        ),
                      )}
                    </td>
                    <td data-align="end">{flow.definition.states.length}</td>
                    <td data-align="end">{flow.definition.transitions.length}</td>
                    <td data-align="end" data-coverage="states">
                      <CoverageCount count={flow.coverage?.states} />
                    </td>
                    <td data-align="end" data-coverage="transitions">
                      <CoverageCount count={flow.coverage?.transitions} />
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </article>
  );
}
