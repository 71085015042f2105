/**
 * Parses a streamed OpenAI Responses reply, one `response.*` event at a time, into neutral
 * stream events and, at `response.completed` (or `response.incomplete`), the assembled reply.
 */
import type { ConversionWarning, NeutralPart, NeutralResponse, StreamEvent } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { isPlainObject } from '../../shared/json';
import type { ModelStreamParser, ParseOptions, ProviderErrorInfo, SseEvent } from '../provider';
import { parseEventObject, ProviderStreamError, StreamCutError } from '../provider-errors';
import { toNeutralToolCall } from '../tool-call-part';
import { readResponsesStreamError } from './openai-responses-error';
import { assembleResponsesReply, readOpenAIResponsesUsage } from './parse-openai-responses-response';

/** One output item as it arrives: message text, or a function call's name and arguments. */
type ItemState =
  { kind: 'text'; text: string; refusal: boolean } | { kind: 'call'; callId: string; name: string; arguments: string; index: number };

/**
 * Keeps the state of one Responses stream: output items by `output_index` (text deltas and
 * function call arguments join the item they name), and the final `response` object, whose
 * status and usage end the reply. Events after the end or an error are ignored.
 */
class OpenAIResponsesStreamParser implements ModelStreamParser {
  /** Output items by their `output_index`. */
  private readonly items = new Map<number, ItemState>();
  /** Function calls seen so far: the next call's neutral `index`. */
  private calls = 0;
  /** The latest `response` object an event carried (created, then completed). */
  private latest: Record<string, unknown> = {};
  private response: NeutralResponse | undefined;
  private error: ProviderErrorInfo | undefined;
  private readonly generateId: () => string;
  readonly warnings: ConversionWarning[] = [];

  constructor({ generateId = defaultGenerateId }: ParseOptions = {}) {
    this.generateId = generateId;
  }

  push(event: SseEvent): StreamEvent[] {
    if (this.response || this.error) return [];
    const data = parseEventObject('openai-responses', event.data);
    const type = typeof data['type'] === 'string' ? data['type'] : (event.event ?? '');
    const outputIndex = typeof data['output_index'] === 'number' ? data['output_index'] : -1;
    const delta = typeof data['delta'] === 'string' ? data['delta'] : '';

    switch (type) {
      case 'response.created':
      case 'response.in_progress':
        if (isPlainObject(data['response'])) this.latest = data['response'];
        return [];
      case 'response.output_item.added':
        return isPlainObject(data['item']) ? this.onItemAdded(outputIndex, data['item']) : [];
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.onTextDelta(outputIndex, delta, type === 'response.refusal.delta');
      case 'response.function_call_arguments.delta': {
        const item = this.items.get(outputIndex);
        if (item?.kind !== 'call' || delta === '') return [];
        item.arguments += delta;
        return [{ type: 'tool-call-delta', index: item.index, argumentsDelta: delta }];
      }
      case 'response.function_call_arguments.done':
      case 'response.output_item.done':
        this.onItemDone(outputIndex, data);
        return [];
      case 'response.completed':
      case 'response.incomplete':
        return this.onEnd(data['response']);
      case 'response.failed':
      case 'error': {
        this.error = readResponsesStreamError(data);
        return [{ type: 'error', message: this.error.message, errorType: this.error.type }];
      }
      default:
        // content_part.added/.done, output_text.done and other events repeat what the deltas said.
        return [];
    }
  }

  finish(): NeutralResponse {
    if (this.error) throw new ProviderStreamError('openai-responses', this.error.type, this.error.message, this.assemble(false));
    if (!this.response) throw new StreamCutError('openai-responses', 'response.completed', this.assemble(false));
    return this.response;
  }

  private onItemAdded(outputIndex: number, item: Record<string, unknown>): StreamEvent[] {
    if (item['type'] === 'message') {
      this.items.set(outputIndex, { kind: 'text', text: '', refusal: false });
      return [];
    }
    if (item['type'] !== 'function_call') {
      if (item['type'] === 'reasoning')
        this.warnings.push({ type: 'unsupported', message: 'Skipped a reasoning item: Glassbox does not keep reasoning.' });
      return [];
    }
    let callId = typeof item['call_id'] === 'string' ? item['call_id'] : '';
    if (callId === '') {
      callId = this.generateId();
      this.warnings.push({ type: 'other', message: `A tool call had no id; gave it ${callId}.`, subject: callId });
    }
    const state: ItemState = {
      kind: 'call',
      callId,
      name: typeof item['name'] === 'string' ? item['name'] : '',
      arguments: typeof item['arguments'] === 'string' ? item['arguments'] : '',
      index: this.calls++,
    };
    this.items.set(outputIndex, state);
    const events: StreamEvent[] = [{ type: 'tool-call-start', toolCallId: state.callId, toolName: state.name, index: state.index }];
    if (state.arguments !== '') events.push({ type: 'tool-call-delta', index: state.index, argumentsDelta: state.arguments });
    return events;
  }

  private onTextDelta(outputIndex: number, delta: string, refusal: boolean): StreamEvent[] {
    if (delta === '') return [];
    let item = this.items.get(outputIndex);
    if (item === undefined) {
      item = { kind: 'text', text: '', refusal: false };
      this.items.set(outputIndex, item);
    }
    if (item.kind !== 'text') return [];
    item.text += delta;
    if (refusal) item.refusal = true;
    return [{ type: 'text-delta', text: delta }];
  }

  /** The final arguments replace what the deltas built (they are the same unless a delta was lost). */
  private onItemDone(outputIndex: number, data: Record<string, unknown>): void {
    const item = this.items.get(outputIndex);
    if (item?.kind !== 'call') return;
    const done = isPlainObject(data['item']) ? data['item']['arguments'] : data['arguments'];
    if (typeof done === 'string') item.arguments = done;
  }

  private onEnd(response: unknown): StreamEvent[] {
    if (isPlainObject(response)) this.latest = response;
    this.response = this.assemble(true);
    const events: StreamEvent[] = [];
    const usage = readOpenAIResponsesUsage(this.latest['usage']);
    if (usage.inputTokens !== undefined || usage.outputTokens !== undefined) events.push({ type: 'usage', usage });
    events.push({ type: 'done', response: this.response });
    return events;
  }

  /** Builds the reply from the items in output order; warnings only for the final reply. */
  private assemble(final: boolean): NeutralResponse {
    const warnings: ConversionWarning[] = [];
    const parts: NeutralPart[] = [];
    let refused = false;
    for (const [, item] of [...this.items].sort(([a], [b]) => a - b)) {
      if (item.kind === 'text') {
        if (item.text !== '') parts.push({ type: 'text', text: item.text });
        refused ||= item.refusal;
      } else {
        parts.push(toNeutralToolCall(item.callId, item.name, item.arguments, this.generateId, warnings));
      }
    }
    if (final) this.warnings.push(...warnings);
    return assembleResponsesReply(this.latest, parts, refused);
  }
}

/** Creates a parser for one streamed Responses reply. */
export function createOpenAIResponsesStreamParser(options: ParseOptions = {}): ModelStreamParser {
  return new OpenAIResponsesStreamParser(options);
}
