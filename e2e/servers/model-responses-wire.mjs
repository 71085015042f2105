/**
 * The OpenAI Responses API (`POST /v1/responses`) for the scripted model server: the checks the
 * real API makes on a request body, the reply as JSON and as `response.*` stream events, and the
 * tool results a request carried (for `echoToolResults`). Pure functions of a neutral reply.
 */

/** Stop reasons of the scripted reply → the response's status and incomplete reason. */
const RESPONSES_STATUS = {
  'end-turn': ['completed'],
  'tool-calls': ['completed'],
  'stop-sequence': ['completed'],
  pause: ['completed'],
  'max-tokens': ['incomplete', 'max_output_tokens'],
  'context-window': ['incomplete', 'max_output_tokens'],
  'content-filter': ['incomplete', 'content_filter'],
  refusal: ['incomplete', 'content_filter'],
};

/**
 * The rules the Responses API enforces that a converter can break. Returns a message, or undefined.
 * @param {any} body
 */
export function validateResponsesBody(body) {
  if (typeof body.model !== 'string' || body.model === '') return "Missing required parameter: 'model'.";
  if (body.previous_response_id !== undefined) return 'Glassbox must not send previous_response_id: each request is self-contained.';
  if (!Array.isArray(body.input) || body.input.length === 0) return "Invalid 'input': expected a non-empty array of items.";
  const calls = new Set();
  for (const [i, item] of body.input.entries()) {
    const type = item.type ?? 'message';
    if (type === 'message') {
      if (!['user', 'assistant', 'system', 'developer'].includes(item.role)) return `Invalid 'input[${i}].role'.`;
      const content =
        typeof item.content === 'string'
          ? [{ type: item.role === 'assistant' ? 'output_text' : 'input_text', text: item.content }]
          : item.content;
      if (!Array.isArray(content)) return `Invalid 'input[${i}].content'.`;
      const allowed = item.role === 'assistant' ? ['output_text', 'refusal'] : ['input_text', 'input_image', 'input_file'];
      const wrong = content.find((part) => !allowed.includes(part.type));
      if (wrong)
        return `Invalid value: '${wrong.type}'. Supported values for 'input[${i}].content' of role ${item.role} are: ${allowed.join(', ')}.`;
    } else if (type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string' || typeof item.arguments !== 'string')
        return `Invalid 'input[${i}]': function_call needs call_id, name and arguments (a string).`;
      calls.add(item.call_id);
    } else if (type === 'function_call_output') {
      if (!calls.has(item.call_id)) return `No tool call found for function call output with call_id ${item.call_id}.`;
      if (typeof item.output !== 'string' && !Array.isArray(item.output)) return `Invalid 'input[${i}].output'.`;
    } else {
      return `Invalid value: '${type}'. Unknown input item type in 'input[${i}]'.`;
    }
  }
  const answered = new Set(body.input.filter((item) => item.type === 'function_call_output').map((item) => item.call_id));
  const missing = [...calls].filter((id) => !answered.has(id));
  const lastIsCall = body.input.at(-1)?.type === 'function_call';
  if (missing.length > 0 && !lastIsCall) return `No tool output found for function call ${missing[0]}.`;
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (tool.type !== 'function' || typeof tool.name !== 'string' || tool.function !== undefined) {
      return "Invalid 'tools': a function tool is flat ({ type: 'function', name, parameters }), not Chat Completions' { function: {…} }.";
    }
  }
  return undefined;
}

/**
 * The response object of a scripted reply.
 * @param {any} reply
 * @param {'in_progress' | 'done'} phase
 */
export function responsesJson(reply, phase = 'done') {
  const [status, reason] = RESPONSES_STATUS[reply.stopReason] ?? ['completed'];
  const done = phase === 'done';
  return {
    id: reply.id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: done ? status : 'in_progress',
    error: null,
    incomplete_details: done && reason ? { reason } : null,
    instructions: null,
    model: reply.model,
    output: done ? outputItems(reply) : [],
    parallel_tool_calls: true,
    store: false,
    usage: done
      ? {
          input_tokens: reply.usage.input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: reply.usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: reply.usage.input + reply.usage.output,
        }
      : null,
  };
}

/** @param {any} reply */
function outputItems(reply) {
  const items = [];
  if (reply.text) items.push(messageItem(reply, reply.text, 'completed'));
  for (const call of reply.toolCalls) items.push(callItem(call, call.arguments, 'completed'));
  return items;
}

/** @param {any} reply @param {string} text @param {string} status */
function messageItem(reply, text, status) {
  return {
    type: 'message',
    id: `msg_${reply.id}`,
    status,
    role: 'assistant',
    content: text === '' ? [] : [{ type: 'output_text', text, annotations: [] }],
  };
}

/** @param {any} call @param {string} args @param {string} status */
function callItem(call, args, status) {
  return { type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: args, status };
}

/**
 * The `response.*` events of a stream, each a ready-to-write SSE string.
 * @param {any} reply
 * @param {(event: string, data: unknown) => string} sse
 * @param {(text: string) => string[]} textPieces
 * @param {(json: string) => string[]} jsonPieces
 */
export function responsesEvents(reply, sse, textPieces, jsonPieces) {
  let sequence = 0;
  const event = (type, data) => sse(type, { type, sequence_number: sequence++, ...data });
  const events = [
    event('response.created', { response: responsesJson(reply, 'in_progress') }),
    event('response.in_progress', { response: responsesJson(reply, 'in_progress') }),
  ];
  let index = 0;
  if (reply.text) {
    const itemId = `msg_${reply.id}`;
    events.push(event('response.output_item.added', { output_index: index, item: messageItem(reply, '', 'in_progress') }));
    events.push(
      event('response.content_part.added', {
        item_id: itemId,
        output_index: index,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    );
    for (const piece of textPieces(reply.text)) {
      events.push(event('response.output_text.delta', { item_id: itemId, output_index: index, content_index: 0, delta: piece }));
    }
    events.push(event('response.output_text.done', { item_id: itemId, output_index: index, content_index: 0, text: reply.text }));
    events.push(event('response.output_item.done', { output_index: index, item: messageItem(reply, reply.text, 'completed') }));
    index++;
  }
  for (const call of reply.toolCalls) {
    const itemId = `fc_${call.id}`;
    events.push(event('response.output_item.added', { output_index: index, item: callItem(call, '', 'in_progress') }));
    for (const piece of jsonPieces(call.arguments)) {
      events.push(event('response.function_call_arguments.delta', { item_id: itemId, output_index: index, delta: piece }));
    }
    events.push(event('response.function_call_arguments.done', { item_id: itemId, output_index: index, arguments: call.arguments }));
    events.push(event('response.output_item.done', { output_index: index, item: callItem(call, call.arguments, 'completed') }));
    index++;
  }
  const final = responsesJson(reply, 'done');
  events.push(event(final.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response: final }));
  return events;
}

/**
 * The `error` event a stream ends with when the script says so.
 * @param {string} type
 * @param {string} message
 * @param {(event: string, data: unknown) => string} sse
 */
export function responsesErrorEvent(type, message, sse) {
  return sse('error', { type: 'error', code: type, message, param: null, sequence_number: 999 });
}

/**
 * The tool results (`function_call_output` items) after the last function call, with their names.
 * @param {any} body
 * @returns {Array<{ name: string, id: string, isError: boolean, text: string, images: number }>}
 */
export function responsesToolResults(body) {
  const input = Array.isArray(body.input) ? body.input : [];
  let last = -1;
  input.forEach((item, i) => {
    if (item.type === 'function_call') last = i;
  });
  if (last < 0) return [];
  const names = new Map(input.filter((item) => item.type === 'function_call').map((item) => [item.call_id, item.name]));
  const images = new Map();
  const results = [];
  for (const item of input.slice(last + 1)) {
    if (item.type === 'function_call_output') results.push(item);
    if ((item.type ?? 'message') === 'message' && Array.isArray(item.content)) {
      let current;
      for (const part of item.content) {
        const match = part.type === 'input_text' ? /returned by tool \S+ \(([^)]+)\)$/.exec(part.text) : null;
        if (match) current = match[1];
        if (part.type === 'input_image' && current) images.set(current, (images.get(current) ?? 0) + 1);
      }
    }
  }
  return results.map((item) => {
    const text = typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
    return {
      name: names.get(item.call_id) ?? '?',
      id: item.call_id,
      isError: text.startsWith('Error'),
      text,
      images: images.get(item.call_id) ?? 0,
    };
  });
}
