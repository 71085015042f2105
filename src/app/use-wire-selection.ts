/**
 * What the chat has selected on the wires: a tool call (its card, its MCP exchanges and the model
 * requests around it are highlighted) or a model request asked for by a replay's link (selected
 * and opened on the model wire). One replaces the other, so the model wire follows the latest.
 */
import { useCallback, useState } from 'react';
import type { RequestFocus } from '../features/model-traffic';
import type { ExchangeFocus } from '../features/traffic';
import type { AreaId } from './layout/use-shell';

/** The selection, and the two ways to change it. */
export interface WireSelection {
  selectedToolCall: string | undefined;
  /** Selects a tool call (undefined: none); forgets a request asked for before. */
  setSelectedToolCall(id: string | undefined): void;
  /** The model request a replay's link asked for last. */
  requestFocus: RequestFocus | undefined;
  /** Selects a model request and brings the model wire into view. */
  showRequest(exchangeId: number): void;
  /** Selects a tool call and a model request together (an eval run's), and brings the model wire into view. */
  showBoth(toolCallId: string | undefined, exchangeId: number | undefined): void;
  /** The MCP exchanges asked for last (a server check's finding). */
  exchangeFocus: ExchangeFocus | undefined;
  /** Selects MCP exchanges (the first is opened) and brings the MCP wire into view. */
  showExchanges(ids: readonly number[]): void;
}

/** Keeps the selection; `reveal` brings an area into view (the shell's). */
export function useWireSelection(reveal: (area: AreaId, options?: { focus?: boolean }) => void, revealFocus: boolean): WireSelection {
  const [selectedToolCall, setToolCall] = useState<string>();
  const [requestFocus, setRequestFocus] = useState<RequestFocus>();
  const setSelectedToolCall = useCallback((id: string | undefined) => {
    setToolCall(id);
    setRequestFocus(undefined);
  }, []);
  const showRequest = useCallback(
    (exchangeId: number) => {
      setToolCall(undefined);
      setRequestFocus((previous) => ({ id: exchangeId, seq: (previous?.seq ?? 0) + 1 }));
      // Where the wire shares the screen with the chat, the focus stays on the link; where it replaces the chat, it moves there.
      reveal('model', { focus: revealFocus });
    },
    [reveal, revealFocus],
  );
  const showBoth = useCallback(
    (toolCallId: string | undefined, exchangeId: number | undefined) => {
      setToolCall(toolCallId);
      setRequestFocus(exchangeId === undefined ? undefined : (previous) => ({ id: exchangeId, seq: (previous?.seq ?? 0) + 1 }));
      reveal('model', { focus: false });
    },
    [reveal],
  );
  const [exchangeFocus, setExchangeFocus] = useState<ExchangeFocus>();
  const showExchanges = useCallback(
    (ids: readonly number[]) => {
      setExchangeFocus((previous) => ({ ids, seq: (previous?.seq ?? 0) + 1 }));
      reveal('mcp', { focus: false });
    },
    [reveal],
  );
  return { selectedToolCall, setSelectedToolCall, requestFocus, showRequest, showBoth, exchangeFocus, showExchanges };
}
