/**
 * Writes the script's move as a reply in the wire format it was asked in: a JSON body, or the
 * Server-Sent Events a real provider streams (Anthropic's named events; OpenAI's `data:` chunks
 * ending in `[DONE]`). The real parsers read them, so the demo exercises the same code paths.
 */
import type { DemoMove } from './demo-script';
import type { DemoDialect, DemoRequest } from './read-demo-request';

/** One event of a streamed reply. */
export interface DemoSseEvent {
  event?: string;
  data: string;
}

/** A script has no tokens to count: the usage it reports is zero, honestly. */
const NO_USAGE_ANTHROPIC = { input_tokens: 0, output_tokens: 0 };

/** The id of the reply's tool call: numbered after the calls already in the conversation. */
function callId(request: DemoRequest): string {
  const made = request.events.filter((event) => event.kind === 'call').length;
  return `${request.dialect === 'openai' ? 'call' : 'toolu'}_demo_${made + 1}`;
}

/** The reply's own id, numbered by the requests of this conversation so far. */
function replyId(request: DemoRequest): string {
  const step = request.events.filter((event) => event.kind === 'call').length + 1;
  return request.dialect === 'openai' ? `chatcmpl-demo-${step}` : `msg_demo_${step}`;
}

/** The reply as a JSON body. */
export function demoReplyJson(request: DemoRequest, move: DemoMove): Record<string, unknown> {
  const id = callId(request);
  if (request.dialect === 'openai') {
    const message: Record<string, unknown> = { role: 'assistant', content: move.text };
    if (move.toolCall) {
      message['tool_calls'] = [
        { id, type: 'function', function: { name: move.toolCall.name, arguments: JSON.stringify(move.toolCall.input) } },
      ];
    }
    return {
      id: replyId(request),
      object: 'chat.completion',
      created: 0,
      model: request.model,
      choices: [{ index: 0, message, finish_reason: move.toolCall ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    };
  }
  const content: Array<Record<string, unknown>> = [{ type: 'text', text: move.text }];
  if (move.toolCall) content.push({ type: 'tool_use', id, name: move.toolCall.name, input: move.toolCall.input });
  return {
    id: replyId(request),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: move.toolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: NO_USAGE_ANTHROPIC,
  };
}

/** Splits text into a few pieces, so the reply streams in as a real one does. */
function pieces(text: string): string[] {
  return (
    text.match(/\S+\s*|\s+/g)?.reduce<string[]>((out, word, index) => {
      if (index % 4 === 0) out.push(word);
      else out[out.length - 1] += word;
      return out;
    }, []) ?? []
  );
}

/** The reply as the events of a stream. */
export function demoReplyEvents(request: DemoRequest, move: DemoMove): DemoSseEvent[] {
  return request.dialect === 'openai' ? openAIEvents(request, move) : anthropicEvents(request, move);
}

function anthropicEvents(request: DemoRequest, move: DemoMove): DemoSseEvent[] {
  const named = (event: string, data: Record<string, unknown>): DemoSseEvent => ({ event, data: JSON.stringify({ type: event, ...data }) });
  const message = {
    id: replyId(request),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: NO_USAGE_ANTHROPIC,
  };
  const events = [named('message_start', { message })];
  events.push(named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
  for (const text of pieces(move.text)) events.push(named('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
  events.push(named('content_block_stop', { index: 0 }));
  if (move.toolCall) {
    events.push(
      named('content_block_start', {
        index: 1,
        content_block: { type: 'tool_use', id: callId(request), name: move.toolCall.name, input: {} },
      }),
    );
    events.push(
      named('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: JSON.stringify(move.toolCall.input) } }),
    );
    events.push(named('content_block_stop', { index: 1 }));
  }
  events.push(
    named('message_delta', {
      delta: { stop_reason: move.toolCall ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: 0 },
    }),
  );
  events.push(named('message_stop', {}));
  return events;
}

function openAIEvents(request: DemoRequest, move: DemoMove): DemoSseEvent[] {
  const chunk = (choice: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}): DemoSseEvent => ({
    data: JSON.stringify({
      id: replyId(request),
      object: 'chat.completion.chunk',
      created: 0,
      model: request.model,
      choices: choice === undefined ? [] : [{ index: 0, ...choice }],
      ...extra,
    }),
  });
  const events = [chunk({ delta: { role: 'assistant', content: '' }, finish_reason: null })];
  for (const content of pieces(move.text)) events.push(chunk({ delta: { content }, finish_reason: null }));
  if (move.toolCall) {
    const call = {
      index: 0,
      id: callId(request),
      type: 'function',
      function: { name: move.toolCall.name, arguments: JSON.stringify(move.toolCall.input) },
    };
    events.push(chunk({ delta: { tool_calls: [call] }, finish_reason: null }));
  }
  events.push(chunk({ delta: {}, finish_reason: move.toolCall ? 'tool_calls' : 'stop' }));
  events.push(chunk(undefined, { usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } }));
  events.push({ data: '[DONE]' });
  return events;
}

/** The dialect a request path speaks: Chat Completions' path, or Anthropic's otherwise. */
export function dialectOfPath(path: string): DemoDialect {
  return /\/chat\/completions$/.test(path) ? 'openai' : 'anthropic';
}
