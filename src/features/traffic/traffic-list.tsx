import type { HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { VirtualList } from '../../ui/virtual-list';
import { exchangeAt, messageAt } from './traffic-rows';
import type { TrafficRecords, TrafficRow } from './traffic-rows';
import { ExchangeRowView, MessageRowView } from './traffic-row';

/** Props for TrafficList. */
export interface TrafficListProps {
  /** The rows to show (already filtered). */
  rows: readonly TrafficRow[];
  /** The records the rows point into (the current snapshot). */
  records: TrafficRecords;
  selectedKey?: string;
  /** The row of the request or response paired with the selected message. */
  pairedKey?: string;
  /** Rows of this agent tool call are highlighted; the list scrolls to the first when it changes. */
  linkedToolCallId?: string;
  onSelect(row: TrafficRow): void;
  onDeselect(): void;
  /** The exchange that carried a message, when it failed (shown as the row's status). */
  failedExchangeFor(message: RpcMessageRecord): HttpExchange | undefined;
  /** A small label for a message's server (such as "demo server in this page"), if it has one. */
  labelFor?(message: RpcMessageRecord): string | undefined;
  /** A row asked for elsewhere: scrolled to once per `linkId` (instead of the linked tool call's). */
  focus?: { linkId: string; rowKey: string | undefined } | undefined;
  /** Exchanges asked for elsewhere: the rows they carried are marked. */
  focusedExchanges?: ReadonlySet<number>;
  /** The server check run whose probe carried a message, if one did. */
  checkRunFor?(message: RpcMessageRecord): string | undefined;
}

/** Selecting a row selects its tool call elsewhere: the list must not jump away from the chosen row for it. */
const toolCallOf = (row: TrafficRow) => row.toolCallId;

/**
 * The virtualised list of messages and exchanges (see VirtualList); it scrolls to the rows
 * of a linked tool call.
 */
export function TrafficList({
  rows,
  records,
  selectedKey,
  pairedKey,
  linkedToolCallId,
  onSelect,
  onDeselect,
  failedExchangeFor,
  labelFor,
  focus,
  focusedExchanges,
  checkRunFor,
}: TrafficListProps) {
  return (
    <VirtualList
      rows={rows}
      className="traffic-list"
      ariaLabel="MCP messages and HTTP exchanges"
      testId="traffic-list"
      selectedKey={selectedKey}
      linkId={focus?.linkId ?? linkedToolCallId}
      findLinked={(all) =>
        focus !== undefined ? all.findIndex((row) => row.key === focus.rowKey) : all.findIndex((row) => row.toolCallId === linkedToolCallId)
      }
      linkIdOf={toolCallOf}
      onSelect={onSelect}
      onDeselect={onDeselect}
      renderRow={(row, { position, top }, select) => {
        const highlight = {
          selected: row.key === selectedKey,
          paired: row.key === pairedKey,
          linked: linkedToolCallId !== undefined && row.toolCallId === linkedToolCallId,
        };
        const focused = (id: number | undefined) => id !== undefined && focusedExchanges?.has(id) === true;
        if (row.type === 'message') {
          const message = messageAt(records, row);
          if (message === undefined) return null;
          return (
            <MessageRowView
              key={row.key}
              rowKey={row.key}
              position={position}
              top={top}
              message={message}
              failed={failedExchangeFor(message)}
              label={labelFor?.(message)}
              checkRun={checkRunFor?.(message)}
              onSelect={select}
              {...highlight}
              linked={highlight.linked || focused(message.exchangeId)}
            />
          );
        }
        const exchange = exchangeAt(records, row);
        if (exchange === undefined) return null;
        return (
          <ExchangeRowView
            key={row.key}
            rowKey={row.key}
            position={position}
            top={top}
            exchange={exchange}
            onSelect={select}
            {...highlight}
            linked={highlight.linked || focused(exchange.id)}
          />
        );
      }}
    />
  );
}
