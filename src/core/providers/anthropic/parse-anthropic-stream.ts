/**
 * Parses a streamed Anthropic Messages reply, one Server-Sent Event at a time, into neutral
 * stream events and, at `message_stop`, the assembled reply.
 */
import type { ConversionWarning, NeutralPart, NeutralResponse, NeutralUsage, StreamEvent } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { isPlainObject } from '../../shared/json';
import { parseToolArguments } from '../parse-tool-arguments';
import type { ModelStreamParser, ParseOptions, SseEvent } from '../provider';
import { MalformedResponseError, ProviderStreamError, StreamCutError } from '../provider-errors';
import { safeStringify } from '../safe-stringify';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';
import { readAnthropicUsage } from './parse-anthropic-response';

type Block =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; toolCallId: string; toolName: string; toolIndex: number; json: string; startInput: unknown }
  | { kind: 'skipped' };

/** Creates a parser for one streamed Anthropic reply. */
export function createAnthropicStreamParser(options: ParseOptions = {}): ModelStreamParser {
  return new AnthropicStreamParser(options);
}

/**
 * Keeps the state of one Anthropic stream: content blocks by index, usage, stop reason.
 * Events after `message_stop` or an `error` event are ignored.
 */
class AnthropicStreamParser implements ModelStreamParser {
  readonly warnings: ConversionWarning[] = [];
  private readonly generateId: () => string;
  private readonly blocks = new Map<number, Block>();
  private id: string | undefined;
  private model: string | undefined;
  private usage: NeutralUsage = {};
  private rawStopReason: string | undefined;
  private toolCount = 0;
  private response: NeutralResponse | undefined;
  private error: { type: string; message: string } | undefined;
  private readonly reportedUnknown = new Set<string>();

  constructor(options: ParseOptions = {}) {
    this.generateId = options.generateId ?? defaultGenerateId;
  }

  push(event: SseEvent): StreamEvent[] {
    if (this.response || this.error) return [];
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      throw new MalformedResponseError('anthropic', 'A stream event carried data that is not JSON.', event.data);
    }
    if (!isPlainObject(data) || typeof data['type'] !== 'string') {
      throw new MalformedResponseError('anthropic', 'A stream event has no "type".', event.data);
    }

    switch (data['type']) {
      case 'message_start':
        return this.onMessageStart(data['message']);
      case 'content_block_start':
        return this.onBlockStart(data['index'], data['content_block']);
      case 'content_block_delta':
        return this.onBlockDelta(data['index'], data['delta']);
      case 'content_block_stop':
      case 'ping':
        return [];
      case 'message_delta':
        return this.onMessageDelta(data['delta'], data['usage']);
      case 'message_stop':
        this.response = this.assemble(true);
        return [{ type: 'done', response: this.response }];
      case 'error': {
        const error = isPlainObject(data['error']) ? data['error'] : {};
        const type = typeof error['type'] === 'string' ? error['type'] : 'unknown';
        const message = typeof error['message'] === 'string' ? error['message'] : safeStringify(data);
        this.error = { type, message };
        return [{ type: 'error', message, errorType: type }];
      }
      default:
        this.warnOnce(`event:${data['type']}`, `Ignored an unknown stream event "${data['type']}".`);
        return [];
    }
  }

  finish(): NeutralResponse {
    if (this.error) throw new ProviderStreamError('anthropic', this.error.type, this.error.message, this.assemble(false));
    if (!this.response) throw new StreamCutError('anthropic', 'message_stop', this.assemble(false));
    return this.response;
  }

  private onMessageStart(message: unknown): StreamEvent[] {
    if (!isPlainObject(message)) return [];
    if (typeof message['id'] === 'string') this.id = message['id'];
    if (typeof message['model'] === 'string') this.model = message['model'];
    return this.mergeUsage(message['usage']);
  }

  private onBlockStart(index: unknown, block: unknown): StreamEvent[] {
    if (typeof index !== 'number' || !isPlainObject(block)) return [];
    if (block['type'] === 'text') {
      const text = typeof block['text'] === 'string' ? block['text'] : '';
      this.blocks.set(index, { kind: 'text', text });
      return text === '' ? [] : [{ type: 'text-delta', text }];
    }
    if (block['type'] === 'tool_use') {
      let toolCallId = typeof block['id'] === 'string' ? block['id'] : '';
      const toolName = typeof block['name'] === 'string' ? block['name'] : '';
      if (toolCallId === '') {
        toolCallId = this.generateId();
        this.warnings.push({ type: 'other', message: `A tool_use block had no id; gave it ${toolCallId}.`, subject: toolCallId });
      }
      const toolIndex = this.toolCount;
      this.toolCount += 1;
      this.blocks.set(index, { kind: 'tool', toolCallId, toolName, toolIndex, json: '', startInput: block['input'] });
      return [{ type: 'tool-call-start', toolCallId, toolName, index: toolIndex }];
    }
    this.blocks.set(index, { kind: 'skipped' });
    this.warnOnce(
      `block:${String(block['type'])}`,
      `Skipped a "${String(block['type'])}" content block: Glassbox does not keep this kind.`,
    );
    return [];
  }

  private onBlockDelta(index: unknown, delta: unknown): StreamEvent[] {
    if (typeof index !== 'number' || !isPlainObject(delta)) return [];
    const block = this.blocks.get(index);
    if (!block) {
      this.warnOnce(`orphan:${index}`, `Ignored a delta for content block ${index}, which never started.`);
      return [];
    }
    if (block.kind === 'text' && delta['type'] === 'text_delta' && typeof delta['text'] === 'string') {
      block.text += delta['text'];
      return [{ type: 'text-delta', text: delta['text'] }];
    }
    if (block.kind === 'tool' && delta['type'] === 'input_json_delta' && typeof delta['partial_json'] === 'string') {
      block.json += delta['partial_json'];
      return delta['partial_json'] === ''
        ? []
        : [{ type: 'tool-call-delta', index: block.toolIndex, argumentsDelta: delta['partial_json'] }];
    }
    // thinking_delta, signature_delta, citations_delta, … belong to blocks Glassbox skips.
    return [];
  }

  private onMessageDelta(delta: unknown, usage: unknown): StreamEvent[] {
    if (isPlainObject(delta) && typeof delta['stop_reason'] === 'string') this.rawStopReason = delta['stop_reason'];
    return this.mergeUsage(usage);
  }

  private mergeUsage(usage: unknown): StreamEvent[] {
    const update = readAnthropicUsage(usage);
    if (update.inputTokens === undefined && update.outputTokens === undefined) return [];
    this.usage = { ...this.usage, ...update };
    return [{ type: 'usage', usage: { ...this.usage } }];
  }

  /** Builds the reply from the blocks so far; warnings only for the final (complete) reply. */
  private assemble(final: boolean): NeutralResponse {
    const parts: NeutralPart[] = [];
    for (const [, block] of [...this.blocks.entries()].sort(([a], [b]) => a - b)) {
      if (block.kind === 'text') {
        if (block.text !== '') parts.push({ type: 'text', text: block.text });
      } else if (block.kind === 'tool') {
        parts.push(this.assembleToolCall(block, final));
      }
    }
    return {
      ...(this.id !== undefined ? { id: this.id } : {}),
      ...(this.model !== undefined ? { model: this.model } : {}),
      parts,
      stopReason: mapAnthropicStopReason(this.rawStopReason),
      ...(this.rawStopReason !== undefined ? { rawStopReason: this.rawStopReason } : {}),
      usage: { ...this.usage },
    };
  }

  private assembleToolCall(block: Extract<Block, { kind: 'tool' }>, final: boolean): NeutralPart {
    const { toolCallId, toolName } = block;
    // Without deltas the input is the one in content_block_start (a tool without arguments).
    if (block.json === '' && isPlainObject(block.startInput)) {
      return { type: 'tool-call', toolCallId, toolName, input: block.startInput };
    }
    const parsed = parseToolArguments(block.json);
    if (parsed.ok) return { type: 'tool-call', toolCallId, toolName, input: parsed.input };
    if (final) {
      this.warnings.push({
        type: 'other',
        message: `The arguments of tool call ${toolCallId} (${toolName}) are ${parsed.reason}.`,
        subject: toolCallId,
      });
    }
    return { type: 'tool-call', toolCallId, toolName, input: undefined, rawArguments: parsed.rawArguments };
  }

  private warnOnce(key: string, message: string): void {
    if (this.reportedUnknown.has(key)) return;
    this.reportedUnknown.add(key);
    this.warnings.push({ type: 'unsupported', message });
  }
}
