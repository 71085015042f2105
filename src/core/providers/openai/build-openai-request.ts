/**
 * Builds the OpenAI Chat Completions request (`POST {base}/chat/completions`) for a neutral
 * conversation. Pure: nothing is sent; what the API would reject is fixed where possible and
 * reported as a warning.
 */
import type { ConversionWarning, NeutralMessage, NeutralPart, NeutralRequest } from '../../conversation';
import { normalizeBaseUrl } from '../base-url';
import { convertUserParts, splitAssistantParts, toolResultsAsText, type ContentMaker } from '../convert-user-parts';
import { pairToolResults } from '../pair-tool-results';
import type { BuildRequestOptions, BuiltRequest } from '../provider';
import { argumentsText } from '../tool-call-part';
import { checkToolName } from '../tool-name';
import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIChatTool, OpenAIToolCall, OpenAIUserContentPart } from './openai-api';

/**
 * OpenAI's default base URL. Unlike Anthropic's it includes `/v1`, so the request path adds
 * only `/chat/completions`, and compatible bases such as `http://localhost:11434/v1` (Ollama)
 * or `https://openrouter.ai/api/v1` work as they are written in those servers' docs.
 */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * True for OpenAI reasoning models (o1, o3, o4-mini, gpt-5, …), which refuse `max_tokens` and
 * need `max_completion_tokens`. Every other model gets `max_tokens`, which all
 * OpenAI-compatible servers understand (many do not know `max_completion_tokens`).
 */
export function usesMaxCompletionTokens(model: string): boolean {
  return /^(o\d|gpt-5)/i.test(model);
}

/** Builds URL, headers and body for one OpenAI Chat Completions request. */
export function buildOpenAIRequest(request: NeutralRequest, options: BuildRequestOptions): BuiltRequest<OpenAIChatRequest> {
  const warnings: ConversionWarning[] = [];

  const base = normalizeBaseUrl(options.baseUrl, DEFAULT_OPENAI_BASE_URL);
  const url = `${base}/chat/completions`;
  warnings.push(...checkBaseUrl(base));

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey !== '') headers['authorization'] = `Bearer ${options.apiKey}`;

  const paired = pairToolResults(request.messages);
  warnings.push(...paired.warnings);

  const messages: OpenAIChatMessage[] = [];
  if (request.system !== undefined && request.system !== '') messages.push({ role: 'system', content: request.system });
  for (const message of paired.messages) messages.push(...convertMessage(message, warnings));

  const tools = request.tools.map((tool): OpenAIChatTool => {
    const nameProblem = checkToolName(tool.name);
    if (nameProblem) warnings.push({ type: 'other', message: nameProblem, subject: tool.name });
    return {
      type: 'function',
      function:
        tool.description === ''
          ? { name: tool.name, parameters: tool.inputSchema }
          : { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    };
  });

  const body: OpenAIChatRequest = {
    model: request.model,
    messages,
    // OpenAI rejects an empty tools array; leave the key out.
    ...(tools.length > 0 ? { tools } : {}),
    ...(usesMaxCompletionTokens(request.model) ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
    ...(request.stream ? { stream: true as const, stream_options: { include_usage: true } } : {}),
  };

  return { url, headers, body, warnings };
}

function checkBaseUrl(base: string): ConversionWarning[] {
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    return [{ type: 'other', message: `The base URL "${base}" is not a valid URL.` }];
  }
  if (parsed.pathname === '/' || parsed.pathname === '') {
    return [
      {
        type: 'other',
        message: `The base URL "${base}" has no path; OpenAI-compatible base URLs usually end in /v1 (e.g. ${base}/v1).`,
      },
    ];
  }
  return [];
}

/** One neutral message → one or more OpenAI messages (a tool message fans out per result). */
function convertMessage(message: NeutralMessage, warnings: ConversionWarning[]): OpenAIChatMessage[] {
  switch (message.role) {
    case 'user': {
      const content = convertUserContent(message.parts, warnings);
      if (content.length === 0) {
        warnings.push({ type: 'other', message: 'Skipped an empty user message.' });
        return [];
      }
      return [{ role: 'user', content }];
    }
    case 'assistant':
      return convertAssistant(message.parts, warnings);
    case 'tool':
      return convertToolResults(message.parts, warnings);
    default: {
      const unhandled: never = message;
      throw new Error(`Unknown message role: ${JSON.stringify(unhandled)}`);
    }
  }
}

/** User content parts on this wire: `text` and `image_url` (a data URL). */
const OPENAI_CONTENT: ContentMaker<OpenAIUserContentPart> = {
  text: (text) => ({ type: 'text', text }),
  image: (mediaType, data) => ({ type: 'image_url', image_url: { url: `data:${mediaType};base64,${data}` } }),
};

/** User parts → a plain string when all text (the most widely understood form), else a parts array. */
function convertUserContent(parts: NeutralPart[], warnings: ConversionWarning[]): string | OpenAIUserContentPart[] {
  const content = convertUserParts(parts, warnings, OPENAI_CONTENT);
  if (content.every((part) => part.type === 'text')) {
    return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n');
  }
  return content;
}

function convertAssistant(parts: NeutralPart[], warnings: ConversionWarning[]): OpenAIChatMessage[] {
  const split = splitAssistantParts(parts, warnings);
  if (split === undefined) return [];
  const content = split.text ?? null;
  const toolCalls = split.calls.map((part): OpenAIToolCall => ({
    id: part.toolCallId,
    type: 'function',
    function: { name: part.toolName, arguments: argumentsText(part, warnings) },
  }));
  return [toolCalls.length > 0 ? { role: 'assistant', content, tool_calls: toolCalls } : { role: 'assistant', content }];
}

/**
 * Tool results → one `tool` message each (text only; an error result starts with "Error: ").
 * Images cannot go in a tool message: each leaves a note there, and all of them follow in one
 * user message after the step's tool messages.
 */
function convertToolResults(
  parts: Array<Extract<NeutralPart, { type: 'tool-result' }>>,
  warnings: ConversionWarning[],
): OpenAIChatMessage[] {
  const { answers, imageContent } = toolResultsAsText(parts, warnings, OPENAI_CONTENT);
  const messages = answers.map((answer): OpenAIChatMessage => ({ role: 'tool', tool_call_id: answer.toolCallId, content: answer.text }));
  if (imageContent.length > 0) messages.push({ role: 'user', content: imageContent });
  return messages;
}
