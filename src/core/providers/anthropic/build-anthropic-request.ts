/**
 * Builds the Anthropic Messages request (`POST {base}/v1/messages`) for a neutral conversation.
 * Pure: nothing is sent; what the API would reject is fixed where possible and reported as a warning.
 */
import type { ConversionWarning, ModelToolResult, NeutralMessage, NeutralPart, NeutralRequest } from '../../conversation';
import { normalizeBaseUrl } from '../base-url';
import { convertImage, convertUserParts, type ContentMaker } from '../convert-user-parts';
import { pairToolResults } from '../pair-tool-results';
import { isPlainObject } from '../../shared/json';
import type { BuildRequestOptions, BuiltRequest } from '../provider';
import { checkToolName } from '../tool-name';
import type {
  AnthropicAssistantContent,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicMessagesRequest,
  AnthropicTextBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicUserContent,
} from './anthropic-api';

/** The `anthropic-version` header Glassbox pins. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic's default base URL. Unlike OpenAI's it has no `/v1`: the request path adds
 * `/v1/messages`. (A base that already ends in `/v1` is accepted, with a warning.)
 */
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** Builds URL, headers and body for one Anthropic Messages request. */
export function buildAnthropicRequest(request: NeutralRequest, options: BuildRequestOptions): BuiltRequest<AnthropicMessagesRequest> {
  const warnings: ConversionWarning[] = [];

  const base = normalizeBaseUrl(options.baseUrl, DEFAULT_ANTHROPIC_BASE_URL);
  let url = `${base}/v1/messages`;
  if (/\/v1$/.test(base)) {
    url = `${base}/messages`;
    warnings.push({
      type: 'other',
      message: `The Anthropic base URL should not end in /v1 (the path /v1/messages is added); used ${url}.`,
    });
  }

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': options.anthropicVersion ?? ANTHROPIC_VERSION,
    // Anthropic refuses browser (CORS) requests without this header.
    'anthropic-dangerous-direct-browser-access': 'true',
  };
  if (options.apiKey !== '') headers['x-api-key'] = options.apiKey;

  const paired = pairToolResults(request.messages);
  warnings.push(...paired.warnings);

  const messages = convertMessages(paired.messages, warnings);
  const tools = request.tools.map((tool): AnthropicTool => {
    const nameProblem = checkToolName(tool.name);
    if (nameProblem) warnings.push({ type: 'other', message: nameProblem, subject: tool.name });
    if (tool.inputSchema['type'] !== 'object') {
      warnings.push({
        type: 'other',
        message: `Tool "${tool.name}" has an input schema whose type is not "object"; Anthropic requires one.`,
        subject: tool.name,
      });
    }
    return tool.description === ''
      ? { name: tool.name, input_schema: tool.inputSchema }
      : { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
  });

  const body: AnthropicMessagesRequest = {
    model: request.model,
    max_tokens: request.maxTokens,
    ...(request.system !== undefined && request.system !== '' ? { system: request.system } : {}),
    messages,
    // An empty tools array is pointless; leave the key out.
    ...(tools.length > 0 ? { tools } : {}),
    ...(request.stream ? { stream: true as const } : {}),
  };

  return { url, headers, body, warnings };
}

/**
 * Neutral messages → Anthropic messages. Tool results become user content; consecutive
 * messages of one role are merged (the API wants roles to alternate) with tool results first.
 */
function convertMessages(messages: NeutralMessage[], warnings: ConversionWarning[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  const ids = createToolIdMapper(warnings);

  for (const message of messages) {
    switch (message.role) {
      case 'user':
        appendUser(out, convertUserParts(message.parts, warnings, ANTHROPIC_CONTENT), warnings);
        break;
      case 'tool':
        appendUser(
          out,
          message.parts.map((part) => convertToolResult(ids(part.toolCallId), part.result, warnings)),
          warnings,
        );
        break;
      case 'assistant':
        appendAssistant(out, convertAssistantParts(message.parts, ids, warnings), warnings);
        break;
      default: {
        const unhandled: never = message;
        throw new Error(`Unknown message role: ${JSON.stringify(unhandled)}`);
      }
    }
  }
  return out;
}

function appendUser(out: AnthropicMessage[], content: AnthropicUserContent[], warnings: ConversionWarning[]): void {
  if (content.length === 0) {
    warnings.push({ type: 'other', message: 'Skipped an empty user message.' });
    return;
  }
  const last = out.at(-1);
  if (last?.role === 'user') {
    const merged = [...last.content, ...content];
    // tool_result blocks must come first in a user message.
    last.content = [...merged.filter((block) => block.type === 'tool_result'), ...merged.filter((block) => block.type !== 'tool_result')];
    return;
  }
  out.push({ role: 'user', content });
}

function appendAssistant(out: AnthropicMessage[], content: AnthropicAssistantContent[], warnings: ConversionWarning[]): void {
  if (content.length === 0) {
    warnings.push({ type: 'other', message: 'Skipped an empty assistant message.' });
    return;
  }
  const last = out.at(-1);
  if (last?.role === 'assistant') {
    last.content = [...last.content, ...content];
    return;
  }
  out.push({ role: 'assistant', content });
}

function convertAssistantParts(
  parts: NeutralPart[],
  ids: (id: string) => string,
  warnings: ConversionWarning[],
): AnthropicAssistantContent[] {
  const content: AnthropicAssistantContent[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') content.push({ type: 'text', text: part.text });
        break;
      case 'tool-call': {
        let input: Record<string, unknown> = {};
        if (isPlainObject(part.input)) {
          input = part.input;
        } else {
          warnings.push({
            type: 'other',
            message: `Tool call ${part.toolCallId} (${part.toolName}) had no valid object arguments; sent {} as its input.`,
            subject: part.toolCallId,
          });
        }
        content.push({ type: 'tool_use', id: ids(part.toolCallId), name: part.toolName, input });
        break;
      }
      case 'image':
      case 'tool-result':
        warnings.push({
          type: 'unsupported',
          message: `Dropped a${part.type === 'image' ? 'n image' : ' tool-result'} part from an assistant message.`,
        });
        break;
      default: {
        const unhandled: never = part;
        throw new Error(`Unknown part: ${JSON.stringify(unhandled)}`);
      }
    }
  }
  return content;
}

function convertToolResult(toolUseId: string, result: ModelToolResult, warnings: ConversionWarning[]): AnthropicToolResultBlock {
  const content: Array<AnthropicTextBlock | AnthropicImageBlock> = [];
  for (const part of result.parts) {
    if (part.type === 'text') {
      if (part.text !== '') content.push({ type: 'text', text: part.text });
    } else {
      content.push(convertImage(part.mediaType, part.data, warnings, ANTHROPIC_CONTENT));
    }
  }
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: result.isError };
}

/** User content blocks on this wire: `text` and base64 `image` blocks. */
const ANTHROPIC_CONTENT: ContentMaker<AnthropicImageBlock | AnthropicTextBlock> = {
  text: (text) => ({ type: 'text', text }),
  image: (mediaType, data) => ({ type: 'image', source: { type: 'base64', media_type: mediaType, data } }),
};

/**
 * Anthropic tool ids must match ^[a-zA-Z0-9_-]+$; ids from other providers may not (after a
 * mid-chat switch). Maps each id to a safe one, the same way every time.
 */
function createToolIdMapper(warnings: ConversionWarning[]): (id: string) => string {
  const reported = new Set<string>();
  return (id) => {
    const safe = id.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool_call';
    if (safe !== id && !reported.has(id)) {
      reported.add(id);
      warnings.push({
        type: 'other',
        message: `Tool call id "${id}" was sent as "${safe}" (Anthropic allows only letters, digits, _ and -).`,
        subject: id,
      });
    }
    return safe;
  };
}
