/**
 * Converts an approved sampling request into the neutral conversation that every provider
 * adapter sends, and the model's neutral reply back into a `CreateMessageResult`. Pure: what the
 * neutral request cannot carry (audio, temperature, a required tool choice…) becomes a warning
 * for the card, never a silent drop and never a throw.
 */
import type { ConversionWarning, NeutralMessage, NeutralPart, NeutralRequest, NeutralResponse, NeutralStopReason } from '../conversation';
import { base64Bytes, formatBytes } from '../shared/byte-size';
import { projectToolResult } from '../tools';
import type { CreateMessageContent, CreateMessageResult, SamplingContent, SamplingRequest } from './sampling-types';

/** How to build the model request: the model the person picked, and whether to stream. */
export interface SamplingRequestOptions {
  model: string;
  stream: boolean;
  /** A ceiling on maxTokens (the person's setting); the server's value is used when lower. */
  maxTokensCap?: number;
}

/** The neutral request, and what it could not carry. */
export interface ConvertedSamplingRequest {
  request: NeutralRequest;
  warnings: ConversionWarning[];
}

type ToolResultPart = Extract<NeutralPart, { type: 'tool-result' }>;

/** The neutral parts of a user/assistant block (tool results are handled by the caller). */
function toParts(block: Exclude<SamplingContent, { type: 'tool-result' }>, warnings: ConversionWarning[]): NeutralPart[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }];
    case 'image':
      return [{ type: 'image', mediaType: block.mediaType, data: block.data }];
    case 'audio': {
      // The neutral conversation has no audio part; a note keeps the model aware something was there.
      const size = formatBytes(base64Bytes(block.data));
      warnings.push({
        type: 'unsupported',
        message: `Audio (${block.mediaType}, ${size}) cannot be sent to the model; a note stands in for it.`,
      });
      return [{ type: 'text', text: `[audio not sent: ${block.mediaType}, ${size}]` }];
    }
    case 'tool-use':
      return [{ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.input }];
    default: {
      const unreachable: never = block;
      return unreachable;
    }
  }
}

/** Warnings for request fields the neutral request has no place for. */
function fieldWarnings(sampling: SamplingRequest): ConversionWarning[] {
  const warnings: ConversionWarning[] = [];
  if (sampling.temperature !== undefined)
    warnings.push({ type: 'unsupported', message: `temperature ${sampling.temperature} is not sent; the provider's default applies.` });
  if (sampling.stopSequences !== undefined && sampling.stopSequences.length > 0) {
    warnings.push({ type: 'unsupported', message: 'stopSequences are not sent.' });
  }
  if (sampling.includeContext !== undefined && sampling.includeContext !== 'none') {
    warnings.push({
      type: 'unsupported',
      message: `includeContext "${sampling.includeContext}" is not honoured: only the server's own messages are sent.`,
    });
  }
  if (sampling.toolChoice === 'required') {
    warnings.push({ type: 'unsupported', message: 'toolChoice "required" is not enforced: the model may answer without a tool.' });
  }
  return warnings;
}

/** The neutral request for an approved sampling request, with what it could not carry. */
export function samplingToNeutralRequest(sampling: SamplingRequest, options: SamplingRequestOptions): ConvertedSamplingRequest {
  const warnings = fieldWarnings(sampling);
  const toolNames = new Map<string, string>();
  const messages: NeutralMessage[] = [];
  for (const message of sampling.messages) {
    const results: ToolResultPart[] = [];
    const parts: NeutralPart[] = [];
    for (const block of message.content) {
      if (block.type === 'tool-use') toolNames.set(block.id, block.name);
      if (block.type !== 'tool-result') {
        parts.push(...toParts(block, warnings));
        continue;
      }
      const projected = projectToolResult({ content: block.content, structuredContent: block.structuredContent, isError: block.isError });
      results.push({
        type: 'tool-result',
        toolCallId: block.toolUseId,
        toolName: toolNames.get(block.toolUseId) ?? '',
        result: projected.modelResult,
      });
    }
    // Tool results always sit in their own `tool` message, before what the user adds after them.
    if (results.length > 0) messages.push({ role: 'tool', parts: results });
    if (parts.length > 0) messages.push({ role: message.role, parts });
  }
  const cap = options.maxTokensCap;
  return {
    request: {
      model: options.model,
      ...(sampling.systemPrompt === undefined || sampling.systemPrompt === '' ? {} : { system: sampling.systemPrompt }),
      messages,
      tools:
        sampling.toolChoice === 'none'
          ? []
          : sampling.tools.map((tool) => ({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema })),
      maxTokens: cap === undefined ? sampling.maxTokens : Math.min(cap, sampling.maxTokens),
      stream: options.stream,
    },
    warnings,
  };
}

/** The spec's stop reason for a neutral one (the provider's own value when the spec has none). */
function mapStopReason(reason: NeutralStopReason, raw: string | undefined): string {
  switch (reason) {
    case 'end-turn':
      return 'endTurn';
    case 'max-tokens':
      return 'maxTokens';
    case 'stop-sequence':
      return 'stopSequence';
    case 'tool-calls':
      return 'toolUse';
    case 'content-filter':
    case 'refusal':
    case 'pause':
    case 'context-window':
    case 'unknown':
      return raw ?? reason;
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}

/** A tool call's input as the object the wire requires (anything else is wrapped, not lost). */
function inputObject(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : { value: input };
}

/** The `sampling/createMessage` result for the model's reply; `fallbackModel` when the reply names none. */
export function neutralToCreateMessageResult(response: NeutralResponse, fallbackModel: string): CreateMessageResult {
  const content: CreateMessageContent[] = response.parts.flatMap((part): CreateMessageContent[] => {
    switch (part.type) {
      case 'text':
        return part.text === '' ? [] : [{ type: 'text', text: part.text }];
      case 'image':
        return [{ type: 'image', data: part.data, mimeType: part.mediaType }];
      case 'tool-call':
        return [{ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: inputObject(part.input) }];
      case 'tool-result':
        // A model reply carries no tool results; nothing to send back.
        return [];
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  return {
    role: 'assistant',
    content: content.length === 1 && content[0] !== undefined ? content[0] : content.length === 0 ? { type: 'text', text: '' } : content,
    model: response.model ?? fallbackModel,
    stopReason: mapStopReason(response.stopReason, response.rawStopReason),
  };
}
