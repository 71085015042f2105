import type { HttpExchange } from '../../core/traffic';
import { VirtualList } from '../../ui/virtual-list';
import { rowMatches } from './model-rows';
import type { ModelRow, TurnStep } from './model-rows';
import { ModelRowView } from './model-row';
import { isExchangeFailed } from '../../ui/exchange-outcome';

/** A model request asked for from outside the panel (a replay's link): `seq` is new each time, so asking again scrolls again. */
export interface RequestFocus {
  /** The exchange id. */
  id: number;
  seq: number;
}

/** Props for ModelList. */
export interface ModelListProps {
  rows: readonly ModelRow[];
  /** The current exchange at a row's index. */
  exchangeAt(row: ModelRow): HttpExchange | undefined;
  selectedKey?: string;
  /** The other half of the selected exchange. */
  pairedKey?: string;
  /** Response rows of this model request are highlighted (the response that asked for the selected tool call). */
  linkedResponse?: TurnStep;
  /** Request rows of this model request are highlighted (the request that carried the tool call's result). */
  linkedRequest?: TurnStep;
  /** Changes when the person selects another tool call (its id): the list scrolls to the linked rows again. */
  linkVersion?: string;
  /** A request to scroll into view; it takes the place of the tool call's links while set. */
  focusRequest?: RequestFocus | undefined;
  onSelect(row: ModelRow): void;
  onDeselect(): void;
}

/** A stable text for a pair of links, to notice when they change. */
function linkText(response: TurnStep | undefined, request: TurnStep | undefined, version: string | undefined): string | undefined {
  if (response === undefined && request === undefined) return undefined;
  return `${response?.turn ?? ''}/${response?.step ?? ''}|${request?.turn ?? ''}/${request?.step ?? ''}|${version ?? ''}`;
}

/** The linked response (its last attempt: the one that answered), else the linked request; -1 while neither exists. */
function linkedIndex(rows: readonly ModelRow[], response: TurnStep | undefined, request: TurnStep | undefined): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row?.kind === 'response' && rowMatches(row, response)) return i;
  }
  return rows.findIndex((row) => row.kind === 'request' && rowMatches(row, request));
}

/**
 * The virtualised list of model requests and responses (see VirtualList); it scrolls the rows
 * linked to the selected tool call into view.
 */
export function ModelList({
  rows,
  exchangeAt,
  selectedKey,
  pairedKey,
  linkedResponse,
  linkedRequest,
  linkVersion,
  focusRequest,
  onSelect,
  onDeselect,
}: ModelListProps) {
  return (
    <VirtualList
      rows={rows}
      className="model-list"
      ariaLabel="Model requests and responses"
      testId="model-list"
      selectedKey={selectedKey}
      linkId={
        focusRequest !== undefined ? `request:${focusRequest.id}:${focusRequest.seq}` : linkText(linkedResponse, linkedRequest, linkVersion)
      }
      findLinked={(all) =>
        focusRequest !== undefined
          ? all.findIndex((row) => row.kind === 'request' && row.id === focusRequest.id)
          : linkedIndex(all, linkedResponse, linkedRequest)
      }
      onSelect={onSelect}
      onDeselect={onDeselect}
      renderRow={(row, { position, top }, select) => {
        const exchange = exchangeAt(row);
        if (exchange === undefined) return null;
        // A failed attempt of the linked step asked for nothing: only the response that answered is linked.
        const linked =
          row.kind === 'response' ? rowMatches(row, linkedResponse) && !isExchangeFailed(exchange) : rowMatches(row, linkedRequest);
        return (
          <ModelRowView
            key={row.key}
            rowKey={row.key}
            kind={row.kind}
            exchange={exchange}
            attempt={row.attempt}
            position={position}
            top={top}
            selected={row.key === selectedKey}
            paired={row.key === pairedKey}
            linked={linked}
            onSelect={select}
          />
        );
      }}
    />
  );
}
