/**
 * Reads a model request body, in the Anthropic Messages or the OpenAI Chat Completions shape,
 * into the little the demo script needs: the offered tool names and the conversation as a flat
 * list of user texts, tool calls and tool results. The script thus answers the very JSON
 * Glassbox sent, as a real model would, instead of peeking at Glassbox's own state.
 */

/** The two shapes the demo speaks. */
export type DemoDialect = 'anthropic' | 'openai';

/** One thing that happened in the conversation, in order. */
export type DemoEvent =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'call'; id: string; name: string; input: unknown }
  | { kind: 'result'; id: string; text: string; isError: boolean };

/** What the script reads from one request. */
export interface DemoRequest {
  dialect: DemoDialect;
  model: string;
  /** The tool names offered in the request, as the model sees them (public names). */
  tools: string[];
  events: DemoEvent[];
}

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The text of a content value: a string, or the text blocks of a block list joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((block) => asRecord(block))
    .filter((block) => block?.['type'] === 'text')
    .map((block) => asText(block?.['text']))
    .join('\n');
}

/** Reads an Anthropic Messages request body. */
function readAnthropic(body: Json): DemoEvent[] {
  const events: DemoEvent[] = [];
  for (const message of asArray(body['messages']).map(asRecord)) {
    const role = message?.['role'];
    const content = message?.['content'];
    if (typeof content === 'string') {
      events.push({ kind: role === 'assistant' ? 'assistant' : 'user', text: content });
      continue;
    }
    for (const block of asArray(content).map(asRecord)) {
      const type = block?.['type'];
      if (type === 'text') events.push({ kind: role === 'assistant' ? 'assistant' : 'user', text: asText(block?.['text']) });
      else if (type === 'tool_use')
        events.push({ kind: 'call', id: asText(block?.['id']), name: asText(block?.['name']), input: block?.['input'] });
      else if (type === 'tool_result') {
        events.push({
          kind: 'result',
          id: asText(block?.['tool_use_id']),
          text: contentText(block?.['content']),
          isError: block?.['is_error'] === true,
        });
      }
    }
  }
  return events;
}

/** Reads an OpenAI Chat Completions request body. */
function readOpenAI(body: Json): DemoEvent[] {
  const events: DemoEvent[] = [];
  for (const message of asArray(body['messages']).map(asRecord)) {
    const role = message?.['role'];
    const text = contentText(message?.['content']);
    if (role === 'user' && text !== '') events.push({ kind: 'user', text });
    if (role === 'assistant') {
      if (text !== '') events.push({ kind: 'assistant', text });
      for (const call of asArray(message?.['tool_calls']).map(asRecord)) {
        const fn = asRecord(call?.['function']);
        let input: unknown;
        try {
          input = JSON.parse(asText(fn?.['arguments']));
        } catch {
          input = undefined;
        }
        events.push({ kind: 'call', id: asText(call?.['id']), name: asText(fn?.['name']), input });
      }
    }
    // Chat Completions has no error flag on a tool message; Glassbox's error results start with "Error".
    if (role === 'tool') events.push({ kind: 'result', id: asText(message?.['tool_call_id']), text, isError: /^error\b/i.test(text) });
  }
  return events;
}

/** Reads a request body of either shape; `dialect` says which one it is. */
export function readDemoRequest(body: unknown, dialect: DemoDialect): DemoRequest {
  const record = asRecord(body) ?? {};
  const tools = asArray(record['tools'])
    .map(asRecord)
    .map((tool) => (dialect === 'openai' ? asText(asRecord(tool?.['function'])?.['name']) : asText(tool?.['name'])))
    .filter((name) => name !== '');
  return {
    dialect,
    model: asText(record['model']),
    tools,
    events: dialect === 'openai' ? readOpenAI(record) : readAnthropic(record),
  };
}
