/**
 * Tool calls shown while the model still writes them: a card appears at the stream's
 * `tool-call-start` (status `streaming`), its arguments grow with each `tool-call-delta` (the raw
 * text, and what can be read of it so far — an MCP App view gets that as partial input), and the
 * complete reply turns the same card into the call that runs. A reply whose stream carried no
 * tool events (a JSON reply, a parser that only reports at the end) gets its cards then.
 */
import { Allow, parse as parsePartialJson } from 'partial-json';
import type { ToolCallPart } from './execute-tool-call';
import type { ToolRegistry } from '../tools';
import type { ItemRef, SessionState } from './session-state';
import type { ToolCallItem } from './session-types';

/** The stream events this tracker reads (those of NeutralStreamEvent about tool calls). */
export type ToolStreamEvent =
  | { type: 'tool-call-start'; toolCallId: string; toolName: string; index: number }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string };

/** What can be read of incomplete JSON arguments: an object, or undefined while nothing is. */
export function readPartialArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = parsePartialJson(text, Allow.ALL);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The cards of one model request's tool calls, from the first streamed byte to the complete reply. */
export class StreamingToolCalls {
  private readonly byIndex = new Map<number, { ref: ItemRef; id: string; text: string }>();

  constructor(
    private readonly state: SessionState,
    private readonly registry: Pick<ToolRegistry, 'resolve'>,
    private readonly at: { turn: number; step: number },
  ) {}

  /** Follows one stream event: a new card, or more arguments on one. */
  push(event: ToolStreamEvent): void {
    if (event.type === 'tool-call-start') {
      if (this.byIndex.has(event.index)) return;
      const item: ToolCallItem = {
        kind: 'tool-call',
        id: event.toolCallId,
        ...this.at,
        publicName: event.toolName,
        args: undefined,
        rawArguments: '',
        status: 'streaming',
      };
      const tool = this.registry.resolve(event.toolName);
      if (tool) Object.assign(item, { server: tool.server, remoteName: tool.remoteName, origin: tool.origin });
      this.byIndex.set(event.index, { ref: this.state.addItem(item), id: event.toolCallId, text: '' });
      return;
    }
    const entry = this.byIndex.get(event.index);
    if (!entry || event.argumentsDelta === '') return;
    entry.text += event.argumentsDelta;
    const partial = readPartialArguments(entry.text);
    const text = entry.text;
    this.state.updateItem(entry.ref, 'tool-call', (item) => ({
      ...item,
      rawArguments: text,
      ...(partial !== undefined ? { partialArgs: partial } : {}),
    }));
  }

  /**
   * The complete reply's calls, each on its card (the streamed one turned into the call, or a new
   * one); a streamed card the reply does not carry (a cut stream) is closed as failed.
   */
  finish(calls: readonly ToolCallPart[], toItem: (call: ToolCallPart) => ToolCallItem): ItemRef[] {
    const streamed = new Map([...this.byIndex.values()].map((entry) => [entry.id, entry.ref]));
    const refs = calls.map((call) => {
      const ref = streamed.get(call.toolCallId);
      if (ref === undefined) return this.state.addItem(toItem(call));
      streamed.delete(call.toolCallId);
      this.state.updateItem(ref, 'tool-call', () => toItem(call));
      return ref;
    });
    this.abandon(streamed.values());
    this.byIndex.clear();
    return refs;
  }

  /** Closes every card still streaming (the request failed or was stopped). */
  abandonAll(): void {
    this.abandon([...this.byIndex.values()].map((entry) => entry.ref));
    this.byIndex.clear();
  }

  private abandon(refs: Iterable<ItemRef>): void {
    for (const ref of refs) {
      this.state.updateItem(ref, 'tool-call', (item) =>
        item.status === 'streaming'
          ? {
              ...item,
              status: 'failed',
              failure: { category: 'cancelled', message: 'The model stopped before it finished writing this call.' },
            }
          : item,
      );
    }
  }
}
