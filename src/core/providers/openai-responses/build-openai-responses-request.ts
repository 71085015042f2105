/**
 * Builds the OpenAI Responses request (`POST {base}/v1/responses`) for a neutral conversation.
 * Pure: nothing is sent. The request is self-contained (`store: false`, no
 * `previous_response_id`): the whole history travels as `input` items every time.
 */
import type { ConversionWarning, NeutralMessage, NeutralPart, NeutralRequest } from '../../conversation';
import { normalizeBaseUrl } from '../base-url';
import { convertUserParts, splitAssistantParts, toolResultsAsText, type ContentMaker } from '../convert-user-parts';
import { pairToolResults } from '../pair-tool-results';
import type { BuildRequestOptions, BuiltRequest } from '../provider';
import { argumentsText } from '../tool-call-part';
import { checkToolName } from '../tool-name';
import type { ResponsesFunctionTool, ResponsesInputContent, ResponsesInputItem, ResponsesRequest } from './openai-responses-api';

/**
 * The Responses API's default base URL. Like Anthropic's it has no `/v1`: the request path adds
 * `/v1/responses`. (A base that already ends in `/v1` is accepted, with a warning.)
 */
export const DEFAULT_OPENAI_RESPONSES_BASE_URL = 'https://api.openai.com';

/** User content parts on this wire: `input_text` and `input_image` (a data URL). */
const RESPONSES_CONTENT: ContentMaker<ResponsesInputContent> = {
  text: (text) => ({ type: 'input_text', text }),
  image: (mediaType, data) => ({ type: 'input_image', image_url: `data:${mediaType};base64,${data}`, detail: 'auto' }),
};

/** Builds URL, headers and body for one OpenAI Responses request. */
export function buildOpenAIResponsesRequest(request: NeutralRequest, options: BuildRequestOptions): BuiltRequest<ResponsesRequest> {
  const warnings: ConversionWarning[] = [];
  const base = normalizeBaseUrl(options.baseUrl, DEFAULT_OPENAI_RESPONSES_BASE_URL);
  let url = `${base}/v1/responses`;
  if (/\/v1$/.test(base)) {
    url = `${base}/responses`;
    warnings.push({
      type: 'other',
      message: `The Responses base URL should not end in /v1 (the path /v1/responses is added); used ${url}.`,
    });
  }

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey !== '') headers['authorization'] = `Bearer ${options.apiKey}`;

  const paired = pairToolResults(request.messages);
  warnings.push(...paired.warnings);
  const input = paired.messages.flatMap((message) => convertMessage(message, warnings));

  const tools = request.tools.map((tool): ResponsesFunctionTool => {
    const nameProblem = checkToolName(tool.name);
    if (nameProblem) warnings.push({ type: 'other', message: nameProblem, subject: tool.name });
    return {
      type: 'function',
      name: tool.name,
      ...(tool.description === '' ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      strict: false,
    };
  });

  const body: ResponsesRequest = {
    model: request.model,
    ...(request.system !== undefined && request.system !== '' ? { instructions: request.system } : {}),
    input,
    ...(tools.length > 0 ? { tools } : {}),
    max_output_tokens: request.maxTokens,
    store: false,
    ...(request.stream ? { stream: true as const } : {}),
  };
  return { url, headers, body, warnings };
}

/**
 * One neutral message → its input items: a user message, an assistant turn as a message plus
 * one `function_call` per call, tool results as `function_call_output` items.
 */
function convertMessage(message: NeutralMessage, warnings: ConversionWarning[]): ResponsesInputItem[] {
  if (message.role === 'assistant') return convertAssistant(message.parts, warnings);
  if (message.role === 'tool') return convertToolResults(message.parts, warnings);
  const content = convertUserParts(message.parts, warnings, RESPONSES_CONTENT, 'function_call and function_call_output items');
  if (content.length > 0) return [{ type: 'message', role: 'user', content }];
  warnings.push({ type: 'other', message: 'Skipped an empty user message.' });
  return [];
}

function convertAssistant(parts: NeutralPart[], warnings: ConversionWarning[]): ResponsesInputItem[] {
  const split = splitAssistantParts(parts, warnings);
  if (split === undefined) return [];
  const calls = split.calls.map((part): ResponsesInputItem => ({
    type: 'function_call',
    call_id: part.toolCallId,
    name: part.toolName,
    arguments: argumentsText(part, warnings),
  }));
  if (split.text === undefined) return calls;
  return [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: split.text }] }, ...calls];
}

/**
 * Tool results → one `function_call_output` each, as text (an error result starts with "Error: ").
 * Images leave a note there and follow in one user message after the outputs.
 */
function convertToolResults(
  parts: Array<Extract<NeutralPart, { type: 'tool-result' }>>,
  warnings: ConversionWarning[],
): ResponsesInputItem[] {
  const { answers, imageContent } = toolResultsAsText(parts, warnings, RESPONSES_CONTENT);
  const items = answers.map((answer): ResponsesInputItem => ({
    type: 'function_call_output',
    call_id: answer.toolCallId,
    output: answer.text,
  }));
  if (imageContent.length > 0) items.push({ type: 'message', role: 'user', content: imageContent });
  return items;
}
