import { useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, useEffect, useId, useRef } from 'react';
import type { SortDirection } from '../../api/contract/limits';
import '../styles/table.css';
import { Badge } from './Badge';
import { EmptyState } from './EmptyState';
import { ArrowDownIcon, ArrowUpIcon } from './icons';

export interface TableColumn<Row, Key extends string> {
  key: Key;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Defaults to true. */
  sortable?: boolean;
  /** 'end' for numbers. */
  align?: 'start' | 'end';
  /**
   * How much the column matters when the table is narrow: 1 (default) always shown, 2 hidden in a narrow table
   * (the containing layout's CSS decides the width, e.g. ui/lists/lists.css).
   */
  priority?: 1 | 2;
  /** The cell's full text, shown as its tooltip (`title`) when the layout cuts it short with an ellipsis. */
  text?: (row: Row) => string;
}

export interface TableSort<Key extends string> {
  key: Key;
  direction: SortDirection;
}

export interface SortableTableProps<Row, Key extends string> {
  /** Accessible name of the table (and of its scroll region). */
  caption: ReactNode;
  /** Keeps the caption for assistive technology only. */
  hideCaption?: boolean;
  columns: readonly TableColumn<Row, Key>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The order the rows are already in; the table shows it but never sorts. */
  sort?: TableSort<Key>;
  /** Click on a header: same column flips the direction, another column starts ascending. */
  onSortChange?: (sort: TableSort<Key>) => void;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /**
   * The row just added (its key) and the word that marks it ('New'): the row is marked (`aria-current`) and
   * scrolled into view (docs/decisions/product.md: Lists in the address).
   */
  marked?: { key: string; label: ReactNode };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The next sort for a header click: the same column flips, another column starts ascending. */
export function nextSort<Key extends string>(current: TableSort<Key> | undefined, key: Key): TableSort<Key> {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

/** A data table whose headers sort on click (spec 2 lists); sorting itself is the caller's. */
export function SortableTable<Row, Key extends string>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty,
  marked,
}: SortableTableProps<Row, Key>) {
  const captionId = useId();
  const sortable = columns.filter((column) => column.sortable !== false && typeof column.header === 'string');
  return (
    // A region with a name and tabIndex, so keyboard users can scroll a table wider than a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable (WCAG 2.1.1).
    <section className="ui-table" aria-labelledby={captionId} tabIndex={0}>
      {onSortChange && sortable.length > 0 ? (
        <SortSelect columns={sortable} sort={sort} onSortChange={onSortChange} />
      ) : null}
      <table className="ui-table__table">
        <caption id={captionId} className={hideCaption ? 'ui-visually-hidden' : 'ui-table__caption'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : undefined;
              const sortable = column.sortable !== false && onSortChange !== undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? ARIA_SORT[active] : undefined}
                  data-align={column.align}
                  data-priority={column.priority}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={() => onSortChange(nextSort(sort, column.key))}
                    >
                      {column.header}
                      <span className="ui-table__arrow" data-active={active ? true : undefined}>
                        {active === 'desc' ? <ArrowDownIcon /> : <ArrowUpIcon />}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="ui-table__empty">
                <EmptyState>{empty}</EmptyState>
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <TableRow
                  key={key}
                  row={row}
                  columns={columns}
                  mark={marked?.key === key ? marked.label : undefined}
                />
              );
            })
          )}
        </tbody>
      </table>
    </section>
  );
}

interface TableRowProps<Row, Key extends string> {
  row: Row;
  columns: readonly TableColumn<Row, Key>[];
  /** The word shown in the first cell of a marked row. */
  mark?: ReactNode;
}

/** One row, redrawn only when its data or the columns change (a new sort or page reuses rows still shown). */
const TableRow = memo(function TableRow<Row, Key extends string>({
  row,
  columns,
  mark,
}: TableRowProps<Row, Key>) {
  const ref = useRef<HTMLTableRowElement>(null);
  const marked = mark !== undefined;
  useEffect(() => {
    if (marked) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [marked]);
  return (
    <tr ref={ref} aria-current={marked || undefined} className={marked ? 'ui-table__marked' : undefined}>
      {columns.map((column, index) => (
        // The header as text, which narrow layouts show beside each value when rows become cards.
        <td
          key={column.key}
          data-align={column.align}
          data-priority={column.priority}
          data-label={typeof column.header === 'string' ? column.header : undefined}
        >
          <span className="ui-table__text" title={column.text?.(row)}>
            {column.cell(row)}
          </span>
          {marked && index === 0 && <Badge tone="primary">{mark}</Badge>}
        </td>
      ))}
    </tr>
  );
}) as <Row, Key extends string>(props: TableRowProps<Row, Key>) => ReactNode;

/**
 * The order as a control made for it (a select of column and direction): what a narrow layout shows instead of the
 * header row (ui/lists/lists.css); `hidden` otherwise.
 */
function SortSelect<Row, Key extends string>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly TableColumn<Row, Key>[];
  sort: TableSort<Key> | undefined;
  onSortChange: (sort: TableSort<Key>) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const value = sort ? `${sort.key}.${sort.direction}` : '';
  return (
    // Hidden until a layout whose header row is hidden shows it (ui/lists/lists.css); spaced as the caption is.
    <div className="ui-table__sortbar ui-table__caption" hidden>
      <label htmlFor={id}>{t`Sort by`}</label>
      <select
        id={id}
        className="ui-field__input"
        value={value}
        onChange={(event) => {
          const [key, direction] = event.target.value.split('.') as [Key, TableSort<Key>['direction']];
          onSortChange({ key, direction });
        }}
      >
        {sort ? null : <option value="">{t`Choose an order`}</option>}
        {columns.flatMap((column) => {
          const name = column.header as string;
          return [
            <option key={`${column.key}.asc`} value={`${column.key}.asc`}>
              {t`${name}, ascending`}
            </option>,
            <option key={`${column.key}.desc`} value={`${column.key}.desc`}>
              {t`${name}, descending`}
            </option>,
          ];
        })}
      </select>
    </div>
  );
}
