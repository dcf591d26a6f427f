import { useLingui } from '@lingui/react/macro';
import type { Organisation } from '../../api/contract/lists';
import { SortableTable, type TableColumn } from '../components/SortableTable';
import { formatListDate } from './formatDate';

export type OrganisationColumn = 'name' | 'users' | 'channels' | 'created';

/** spec 2 Me page, list area: the organisations table. */
export function OrganisationsTable({
  organisations,
  empty,
}: {
  organisations: readonly Organisation[];
  empty: string;
}) {
  const { t } = useLingui();
  const columns: TableColumn<Organisation, OrganisationColumn>[] = [
    { key: 'name', header: t`Name`, cell: (o) => o.name },
    { key: 'users', header: t`Users`, cell: (o) => o.readersCount, align: 'end' },
    { key: 'channels', header: t`Channels`, cell: (o) => o.channelCount, align: 'end' },
    { key: 'created', header: t`Creation Date`, cell: (o) => formatListDate(o.created) },
  ];
  return (
    <SortableTable
      caption={t`Your organisations`}
      hideCaption
      columns={columns}
      rows={organisations}
      rowKey={(o) => o.id}
      empty={empty}
    />
  );
}
