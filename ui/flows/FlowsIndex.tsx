import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MachineName } from '../../machines/registry';
import { usePageTitle } from '../components/usePageTitle';
import { CoverageCount } from './CoverageCount';
import { coverageReport, flowEntry, flowNames } from './flowCatalog';
import '../styles/table.css';
import './flows.css';

export interface FlowsIndexProps {
  renderFlowLink: (name: MachineName, children: ReactNode) => ReactNode;
}

/** /flows: every machine of the registry with what it does, its size and its coverage in the last model run. */
export function FlowsIndex({ renderFlowLink }: FlowsIndexProps) {
  const { i18n } = useLingui();
  usePageTitle(msg`Flows`);
  const ranAt = i18n.date(new Date(coverageReport.ranAt), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className="flows">
      <h1>
        <Trans>Flows</Trans>
      </h1>
      <p className="flows__lead">
        <Trans>
          Every flow of the site, drawn from its state machine, with the path coverage of the last model run (
          {ranAt}).
        </Trans>
      </p>
      <div className="ui-table flows__table">
        <table className="ui-table__table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Flow</Trans>
              </th>
              <th scope="col">
                <Trans>What it does</Trans>
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
            {flowNames.map((name) => {
              const flow = flowEntry(name);
              return (
                <tr key={name} data-flow={name}>
                  <th scope="row">{renderFlowLink(name, name)}</th>
                  <td className="flows__description">{flow.description}</td>
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
