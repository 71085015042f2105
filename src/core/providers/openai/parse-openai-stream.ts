/**
 * Parses a streamed OpenAI Chat Completions reply, one `data:` chunk at a time, into neutral
 * stream events and, at `data: [DONE]`, the assembled reply.
 */
import type { ConversionWarning, NeutralPart, NeutralResponse, NeutralUsage, StreamEvent } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { isPlainObject } from '../../shared/json';
import type { ModelStreamParser, ParseOptions, SseEvent } from '../provider';
import { MalformedResponseError, ProviderStreamError, StreamCutError } from '../provider-errors';
import { safeStringify } from '../safe-stringify';
import { toNeutralToolCall } from '../tool-call-part';
import { openAIStopReason, readOpenAIUsage } from './parse-openai-response';

interface ToolCallState {
  toolCallId: string;
  toolName: string;
  arguments: string;
  /** True once `tool-call-start` was emitted (id and name known). */
  started: boolean;
}

/** Creates a parser for one streamed OpenAI reply. */
export function createOpenAIStreamParser(options: ParseOptions = {}): ModelStreamParser {
  return new OpenAIStreamParser(options);
}

/**
 * Keeps the state of one OpenAI stream: text, tool calls accumulated by `index` (id and name
 * arrive in the first fragment), finish reason and usage (the last chunk, with empty choices).
 * Chunks after `[DONE]` or an error are ignored.
 */
class OpenAIStreamParser implements ModelStreamParser {
  readonly warnings: ConversionWarning[] = [];
  private readonly generateId: () => string;
  private id: string | undefined;
  private model: string | undefined;
  private text = '';
  private refusal = '';
  private readonly toolCalls: ToolCallState[] = [];
  /** Wire `index` → position in `toolCalls`. */
  private readonly byIndex = new Map<number, number>();
  private finishReason: string | undefined;
  private usage: NeutralUsage = {};
  private response: NeutralResponse | undefined;
  private error: { type: string; message: string } | undefined;

  constructor(options: ParseOptions = {}) {
    this.generateId = options.generateId ?? defaultGenerateId;
  }

  push(event: SseEvent): StreamEvent[] {
    if (this.response || this.error) return [];
    if (event.data.trim() === '[DONE]') {
      this.response = this.assemble(true);
      return [{ type: 'done', response: this.response }];
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      throw new MalformedResponseError('openai', 'A stream chunk carried data that is not JSON.', event.data);
    }
    if (!isPlainObject(chunk)) throw new MalformedResponseError('openai', 'A stream chunk is not an object.', event.data);

    if (chunk['error'] !== undefined && chunk['error'] !== null) {
      const error = isPlainObject(chunk['error']) ? chunk['error'] : { message: chunk['error'] };
      const type = typeof error['type'] === 'string' ? error['type'] : error['code'] != null ? String(error['code']) : 'unknown';
      const message = typeof error['message'] === 'string' ? error['message'] : safeStringify(chunk['error']);
      this.error = { type, message };
      return [{ type: 'error', message, errorType: type }];
    }

    const events: StreamEvent[] = [];
    if (this.id === undefined && typeof chunk['id'] === 'string') this.id = chunk['id'];
    if (this.model === undefined && typeof chunk['model'] === 'string') this.model = chunk['model'];

    const choice: unknown = Array.isArray(chunk['choices']) ? chunk['choices'][0] : undefined;
    if (isPlainObject(choice)) {
      const delta = isPlainObject(choice['delta']) ? choice['delta'] : {};
      if (typeof delta['content'] === 'string' && delta['content'] !== '') {
        this.text += delta['content'];
        events.push({ type: 'text-delta', text: delta['content'] });
      }
      if (typeof delta['refusal'] === 'string' && delta['refusal'] !== '') {
        this.refusal += delta['refusal'];
        events.push({ type: 'text-delta', text: delta['refusal'] });
      }
      if (Array.isArray(delta['tool_calls'])) {
        for (const fragment of delta['tool_calls'] as unknown[]) {
          if (isPlainObject(fragment)) events.push(...this.onToolCallFragment(fragment));
        }
      }
      if (typeof choice['finish_reason'] === 'string') this.finishReason = choice['finish_reason'];
    }

    const usage = readOpenAIUsage(chunk['usage']);
    if (usage.inputTokens !== undefined || usage.outputTokens !== undefined) {
      this.usage = { ...this.usage, ...usage };
      events.push({ type: 'usage', usage: { ...this.usage } });
    }
    return events;
  }

  finish(): NeutralResponse {
    if (this.error) throw new ProviderStreamError('openai', this.error.type, this.error.message, this.assemble(false));
    if (!this.response) throw new StreamCutError('openai', 'data: [DONE]', this.assemble(false));
    return this.response;
  }

  private onToolCallFragment(fragment: Record<string, unknown>): StreamEvent[] {
    const fn = isPlainObject(fragment['function']) ? fragment['function'] : {};
    const id = typeof fragment['id'] === 'string' ? fragment['id'] : '';
    const name = typeof fn['name'] === 'string' ? fn['name'] : '';
    const args = typeof fn['arguments'] === 'string' ? fn['arguments'] : '';
    // Without an index (some compatible servers), a fragment with an id opens a new call.
    const wireIndex =
      typeof fragment['index'] === 'number' ? fragment['index'] : id !== '' ? this.toolCalls.length : this.toolCalls.length - 1;

    let position = this.byIndex.get(wireIndex);
    let state = position === undefined ? undefined : this.toolCalls[position];
    // Some servers reuse index 0 for every parallel call; a new id means a new call.
    if (state && id !== '' && state.toolCallId !== '' && state.toolCallId !== id) state = undefined;
    if (!state) {
      state = { toolCallId: id, toolName: name, arguments: '', started: false };
      position = this.toolCalls.length;
      this.toolCalls.push(state);
      this.byIndex.set(wireIndex, position);
    } else {
      if (state.toolCallId === '' && id !== '') state.toolCallId = id;
      if (state.toolName === '' && name !== '') state.toolName = name;
    }

    const events: StreamEvent[] = [];
    state.arguments += args;
    if (!state.started && state.toolName !== '') {
      state.started = true;
      if (state.toolCallId === '') {
        state.toolCallId = this.generateId();
        this.warnings.push({ type: 'other', message: `A tool call had no id; gave it ${state.toolCallId}.`, subject: state.toolCallId });
      }
      events.push({ type: 'tool-call-start', toolCallId: state.toolCallId, toolName: state.toolName, index: position! });
      // Arguments that arrived before the name are passed on now.
      if (state.arguments !== '') events.push({ type: 'tool-call-delta', index: position!, argumentsDelta: state.arguments });
    } else if (state.started && args !== '') {
      events.push({ type: 'tool-call-delta', index: position!, argumentsDelta: args });
    }
    return events;
  }

  /** Builds the reply from what arrived; warnings only for the final (complete) reply. */
  private assemble(final: boolean): NeutralResponse {
    const warnings: ConversionWarning[] = [];
    const parts: NeutralPart[] = [];
    if (this.text !== '') parts.push({ type: 'text', text: this.text });
    if (this.refusal !== '') parts.push({ type: 'text', text: this.refusal });
    for (const call of this.toolCalls) {
      // The id was made up at tool-call-start if missing; never make up a second one here.
      const id = call.toolCallId !== '' ? call.toolCallId : this.generateId();
      parts.push(toNeutralToolCall(id, call.toolName, call.arguments, this.generateId, warnings));
    }
    if (final) this.warnings.push(...warnings);
    return {
      ...(this.id !== undefined ? { id: this.id } : {}),
      ...(this.model !== undefined ? { model: this.model } : {}),
      parts,
      stopReason: openAIStopReason(this.finishReason, this.refusal !== '', parts),
      ...(this.finishReason !== undefined ? { rawStopReason: this.finishReason } : {}),
      usage: { ...this.usage },
    };
  }
}
