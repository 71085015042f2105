/**
 * Reads the params of a server's `sampling/createMessage` request (untrusted input) into the
 * neutral SamplingRequest, or gives every problem with its place, so a malformed request gets
 * a clear message on its card and an error answer, and nothing reaches the model.
 */
import { isPlainObject } from '../shared/json';
import { SamplingRequestError } from './sampling-error';
import type { SamplingContent, SamplingMessage, SamplingModelPreferences, SamplingRequest, SamplingTool } from './sampling-types';

/** The request, or every problem found in it. */
export type ParseSamplingResult = { ok: true; request: SamplingRequest } | { ok: false; problems: SamplingRequestError[] };

type Json = Record<string, unknown>;

/** Collects problems while reading, so one pass reports all of them. */
class Reader {
  readonly problems: SamplingRequestError[] = [];

  fail(code: SamplingRequestError['code'], message: string, path: string): undefined {
    this.problems.push(new SamplingRequestError(code, message, path));
    return undefined;
  }

  /** Media content (image or audio): base64 data and a MIME type of that kind. */
  media(block: Json, kind: 'image' | 'audio', path: string): SamplingContent | undefined {
    const { data, mimeType } = block;
    if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
      return this.fail('content-invalid', `${kind} data must be base64`, path);
    if (typeof mimeType !== 'string' || !mimeType.startsWith(`${kind}/`)) {
      return this.fail('content-invalid', `${kind} needs a mimeType like "${kind}/…"`, path);
    }
    return { type: kind, mediaType: mimeType, data };
  }

  /** One content block of a message. */
  content(block: unknown, path: string): SamplingContent | undefined {
    if (!isPlainObject(block)) return this.fail('content-invalid', 'a content block must be an object', path);
    switch (block['type']) {
      case 'text':
        return typeof block['text'] === 'string'
          ? { type: 'text', text: block['text'] }
          : this.fail('content-invalid', 'text must be a string', path);
      case 'image':
      case 'audio':
        return this.media(block, block['type'], path);
      case 'tool_use': {
        const { id, name, input } = block;
        if (typeof id !== 'string' || typeof name !== 'string' || !isPlainObject(input)) {
          return this.fail('content-invalid', 'tool_use needs a string id and name and an object input', path);
        }
        return { type: 'tool-use', id, name, input };
      }
      case 'tool_result': {
        const { toolUseId, content, structuredContent, isError } = block;
        if (typeof toolUseId !== 'string') return this.fail('content-invalid', 'tool_result needs a string toolUseId', path);
        if (content !== undefined && !Array.isArray(content))
          return this.fail('content-invalid', 'tool_result content must be a list', path);
        return {
          type: 'tool-result',
          toolUseId,
          content: content ?? [],
          ...(isPlainObject(structuredContent) ? { structuredContent } : {}),
          isError: isError === true,
        };
      }
      default:
        return this.fail('content-unknown-type', `unknown content type ${JSON.stringify(block['type'] ?? null)}`, path);
    }
  }

  /** One message: a role and one block or a list of blocks. */
  message(value: unknown, path: string): SamplingMessage | undefined {
    if (!isPlainObject(value)) return this.fail('message-invalid', 'a message must be an object', path);
    const role = value['role'];
    if (role !== 'user' && role !== 'assistant') return this.fail('message-invalid', 'role must be "user" or "assistant"', path);
    const raw = value['content'];
    const blocks = Array.isArray(raw) ? raw : [raw];
    if (blocks.length === 0) return this.fail('message-invalid', 'a message needs content', path);
    const content = blocks.map((block, index) => this.content(block, Array.isArray(raw) ? `${path}.content[${index}]` : `${path}.content`));
    return content.every((block) => block !== undefined) ? { role, content } : undefined;
  }

  /** A tool offered for sampling. */
  tool(value: unknown, path: string): SamplingTool | undefined {
    if (!isPlainObject(value) || typeof value['name'] !== 'string' || value['name'] === '') {
      return this.fail('tool-invalid', 'a tool needs a name', path);
    }
    const schema = value['inputSchema'];
    if (!isPlainObject(schema) || schema['type'] !== 'object')
      return this.fail('tool-invalid', 'inputSchema must be an object schema', path);
    return {
      name: value['name'],
      ...(typeof value['description'] === 'string' ? { description: value['description'] } : {}),
      inputSchema: schema,
    };
  }

  /** The model preferences: hints by name and priorities in [0, 1]. */
  preferences(value: unknown): SamplingModelPreferences | undefined {
    if (value === undefined) return undefined;
    if (!isPlainObject(value)) return this.fail('field-invalid', 'modelPreferences must be an object', 'modelPreferences');
    const hints = Array.isArray(value['hints'])
      ? value['hints'].flatMap((hint) => (isPlainObject(hint) && typeof hint['name'] === 'string' ? [hint['name']] : []))
      : [];
    const preferences: SamplingModelPreferences = { hints };
    for (const key of ['costPriority', 'speedPriority', 'intelligencePriority'] as const) {
      const priority = value[key];
      if (priority === undefined) continue;
      if (typeof priority !== 'number' || priority < 0 || priority > 1)
        this.fail('field-invalid', 'must be a number from 0 to 1', `modelPreferences.${key}`);
      else preferences[key] = priority;
    }
    return preferences;
  }
}

/** Every tool_result must answer a tool_use of an earlier message (the spec pairs them by id). */
function checkToolResults(messages: SamplingMessage[], reader: Reader): void {
  const used = new Set<string>();
  messages.forEach((message, index) => {
    for (const block of message.content) {
      if (block.type === 'tool-use') used.add(block.id);
      else if (block.type === 'tool-result' && !used.has(block.toolUseId)) {
        reader.fail(
          'tool-result-unmatched',
          `tool_result ${JSON.stringify(block.toolUseId)} answers no earlier tool_use`,
          `messages[${index}]`,
        );
      }
    }
  });
}

/** Reads `sampling/createMessage` params into a SamplingRequest, or every problem with its place. */
export function parseSamplingRequest(params: unknown): ParseSamplingResult {
  const reader = new Reader();
  if (!isPlainObject(params))
    return { ok: false, problems: [new SamplingRequestError('params-not-object', 'the request has no params object')] };
  const rawMessages = params['messages'];
  if (!Array.isArray(rawMessages) || rawMessages.length === 0)
    reader.fail('messages-missing', 'there must be at least one message', 'messages');
  const messages = (Array.isArray(rawMessages) ? rawMessages : []).map((message, index) => reader.message(message, `messages[${index}]`));
  const maxTokens = params['maxTokens'];
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    reader.fail('max-tokens-invalid', 'maxTokens must be a whole number of at least 1', 'maxTokens');
  }
  const { systemPrompt, temperature, stopSequences, includeContext, toolChoice } = params;
  if (systemPrompt !== undefined && typeof systemPrompt !== 'string') reader.fail('field-invalid', 'must be text', 'systemPrompt');
  if (temperature !== undefined && (typeof temperature !== 'number' || !Number.isFinite(temperature)))
    reader.fail('field-invalid', 'must be a number', 'temperature');
  if (stopSequences !== undefined && !(Array.isArray(stopSequences) && stopSequences.every((s) => typeof s === 'string'))) {
    reader.fail('field-invalid', 'must be a list of strings', 'stopSequences');
  }
  if (includeContext !== undefined && includeContext !== 'none' && includeContext !== 'thisServer' && includeContext !== 'allServers') {
    reader.fail('field-invalid', 'must be "none", "thisServer" or "allServers"', 'includeContext');
  }
  const mode = isPlainObject(toolChoice) ? (toolChoice['mode'] ?? 'auto') : undefined;
  if (toolChoice !== undefined && mode !== 'auto' && mode !== 'required' && mode !== 'none') {
    reader.fail('tool-choice-invalid', 'toolChoice.mode must be "auto", "required" or "none"', 'toolChoice');
  }
  const rawTools = params['tools'];
  if (rawTools !== undefined && !Array.isArray(rawTools)) reader.fail('tool-invalid', 'tools must be a list', 'tools');
  const tools = (Array.isArray(rawTools) ? rawTools : []).map((tool, index) => reader.tool(tool, `tools[${index}]`));
  const modelPreferences = reader.preferences(params['modelPreferences']);
  const readMessages = messages.filter((message): message is SamplingMessage => message !== undefined);
  if (readMessages.length === messages.length) checkToolResults(readMessages, reader);
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems };
  return {
    ok: true,
    request: {
      messages: readMessages,
      ...(typeof systemPrompt === 'string' ? { systemPrompt } : {}),
      maxTokens: maxTokens as number,
      ...(typeof temperature === 'number' ? { temperature } : {}),
      ...(Array.isArray(stopSequences) ? { stopSequences: stopSequences as string[] } : {}),
      ...(typeof includeContext === 'string' ? { includeContext: includeContext as SamplingRequest['includeContext'] } : {}),
      ...(modelPreferences === undefined ? {} : { modelPreferences }),
      tools: tools.filter((tool): tool is SamplingTool => tool !== undefined),
      ...(mode === undefined ? {} : { toolChoice: mode as SamplingRequest['toolChoice'] }),
    },
  };
}
