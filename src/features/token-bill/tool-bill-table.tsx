import type { AnthropicToolCounts } from '../../core/agent';
import { sortBillRows, sumOffered, type BillSort, type ToolBill, type ToolBillRow } from '../../core/tools';
import { formatCount } from '../../core/shared';

/** Props of the bill's table. */
export interface ToolBillTableProps {
  bill: ToolBill;
  /** The wire the offline column counts, for its header. */
  wireLabel: string;
  /** Anthropic's counts, once the person asked for them. */
  anthropic: AnthropicToolCounts | undefined;
  sort: BillSort;
  onSort(sort: BillSort): void;
  /** Switches a tool off (not offered to the model) or back on. */
  onSetOffered(row: ToolBillRow, offered: boolean): void;
}

/** The `aria-sort` of a column header. */
function ariaSort(sort: BillSort, key: BillSort['key']): 'ascending' | 'descending' | 'none' {
  return sort.key === key ? sort.direction : 'none';
}

/** A header that sorts by its column; a second click reverses the order. */
function SortHeader({
  label,
  more,
  column,
  sort,
  onSort,
  numeric,
}: {
  label: string;
  more?: string;
  column: BillSort['key'];
  sort: BillSort;
  onSort(sort: BillSort): void;
  numeric?: boolean;
}) {
  const active = sort.key === column;
  const next: BillSort = active
    ? { key: column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key: column, direction: column === 'tool' ? 'ascending' : 'descending' };
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={ariaSort(sort, column)}>
      <button type="button" className="link-button" data-testid={`token-bill-sort-${column}`} onClick={() => onSort(next)}>
        {label}
        {more !== undefined && <span className="visually-hidden">{more}</span>}
        <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/**
 * One row per listed tool: its tokens in the offline count (and Anthropic's, once counted), and
 * one click to stop offering it to the model, or to offer it again. Sorted by the clicked header.
 */
export function ToolBillTable({ bill, wireLabel, anthropic, sort, onSort, onSetOffered }: ToolBillTableProps) {
  const rows = sortBillRows(bill.rows, sort);
  const offered = rows.filter((row) => row.offered).length;
  return (
    <table className="token-bill-table">
      <caption>
        Tokens per request as {wireLabel} sends the tools{anthropic ? ", and as Anthropic's count_tokens counts them" : ''}
      </caption>
      <thead>
        <tr>
          <SortHeader label="Tool" column="tool" sort={sort} onSort={onSort} />
          <th scope="col">Server</th>
          {/* Short headers, so the table fits the servers area's column; the caption and the names' rest say what they count. */}
          <SortHeader label="Tokens" more={` per request (${wireLabel})`} column="tokens" sort={sort} onSort={onSort} numeric />
          {anthropic && (
            <th scope="col" className="num">
              Anthropic<span className="visually-hidden"> count_tokens</span>
            </th>
          )}
          <th scope="col">
            Offered<span className="visually-hidden"> to the model</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.tool}
            data-testid="token-bill-row"
            data-tool={row.tool}
            data-tokens={row.tokens}
            data-offered={row.offered ? 'true' : 'false'}
            className={row.offered ? undefined : 'token-bill-off'}
          >
            <td className="mono">{row.tool}</td>
            <td>{row.server}</td>
            <td className="num">{formatCount(row.tokens)}</td>
            {anthropic && (
              <td className="num" data-testid="token-bill-anthropic" data-tokens={anthropic.perTool[row.tool]}>
                {anthropic.perTool[row.tool] !== undefined ? formatCount(anthropic.perTool[row.tool]!) : '—'}
              </td>
            )}
            <td>
              {row.offered ? (
                <button
                  type="button"
                  className="link-button"
                  data-testid="token-bill-disable"
                  aria-label={`Stop offering ${row.tool} to the model`}
                  onClick={() => onSetOffered(row, false)}
                >
                  Disable
                </button>
              ) : (
                <>
                  <span className="token-bill-off-label">off · not sent</span>{' '}
                  <button
                    type="button"
                    className="link-button"
                    data-testid="token-bill-enable"
                    aria-label={`Offer ${row.tool} to the model again`}
                    onClick={() => onSetOffered(row, true)}
                  >
                    Enable
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="token-bill-total" data-tokens={bill.total}>
          <th scope="row" colSpan={2}>
            Total for {offered} offered tool{offered === 1 ? '' : 's'}
            {offered < rows.length ? ` (${rows.length - offered} off)` : ''}
          </th>
          <td className="num">{formatCount(bill.total)}</td>
          {anthropic && (
            <td
              className="num"
              data-testid="token-bill-anthropic-total"
              data-tokens={anthropic.together}
              title={`Sum of the rows: ${sumOffered(bill.rows, (row) => anthropic.perTool[row.tool] ?? 0)}`}
            >
              {formatCount(anthropic.together)}
            </td>
          )}
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
