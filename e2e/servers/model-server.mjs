#!/usr/bin/env node
/**
 * The scripted model server: a test fixture that speaks the Anthropic Messages API
 * (`POST /v1/messages`), the OpenAI Chat Completions API (`POST …/chat/completions`) and the
 * OpenAI Responses API (`POST /v1/responses`, see model-responses-wire.mjs), in JSON and as
 * Server-Sent Events, and answers each request with the next step of a script.
 * Plain Node `http`, no dependencies. Users point Glassbox at real providers; tests point it here.
 *
 * Control endpoints (JSON):
 *   POST /__script    body: an array of steps (or { steps }), replaces the queue
 *   GET  /__script    the steps still queued
 *   GET  /__requests  every model request received: format, path, headers, parsed body, status
 *   POST /__reset     empties the queue and the request log, restarts ids
 *
 * Anthropic's token counter, `POST /v1/messages/count_tokens`, is answered without the script:
 * the same header checks, then `{ input_tokens: countTokensFor(body) }` (deterministic, from the
 * body's length, so a test can recompute it), recorded in the request log like model requests.
 *
 * A step (fields combine; when the queue is empty the reply is the text "(script empty)"):
 *   { text: "…" }                                    a text reply
 *   { toolCalls: [{ name, input, id? }, …] }         tool calls (several = parallel)
 *   { text, toolCalls }                              both, text first
 *   { echoToolResults: true }                        text summarising the tool results in the request
 *   { error: { status, retryAfter?, body? } }        an HTTP error (body defaults to the provider's shape)
 *   { streamError: "overloaded_error" }              streams a little text, then an error event
 *                                                    (JSON requests get the matching HTTP error)
 *   { cutStream: true | "abort" }                    stops before the end marker: true ends the
 *                                                    response cleanly, "abort" destroys the socket
 *   { badArguments: true, toolCalls }                OpenAI arguments that are not JSON, in either OpenAI format (Anthropic
 *                                                    cannot send those, so it ignores the flag)
 *   { delayMs: 500 }                                 waits before answering
 *   { chunkDelayMs: 400 }                            this reply's pause between stream events (a slow stream)
 *   { stopReason: "max-tokens" }                     a neutral stop reason, mapped per provider
 *
 * Every model request is checked like the real APIs do: the auth header (401 with the
 * provider's error body when missing or equal to "bad-key"), Anthropic's version and
 * browser-access headers, and the request shape (roles, tool call / result pairing) unless
 * started with `validate: false`.
 *
 * CLI: node e2e/servers/model-server.mjs [--port 4010] [--host 127.0.0.1] [--chunk-delay-ms 15]
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  responsesErrorEvent,
  responsesEvents,
  responsesJson,
  responsesToolResults,
  validateResponsesBody,
} from './model-responses-wire.mjs';

/** Request headers the browser may send (the preflight allows them). */
const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-api-key',
  'anthropic-version',
  'anthropic-dangerous-direct-browser-access',
  'accept',
];

/** Response headers the page may read. */
const EXPOSED_HEADERS = ['retry-after', 'request-id', 'x-request-id'];

/** The reply when the script has run out. */
const SCRIPT_EMPTY_TEXT = '(script empty)';

/**
 * Starts the server. `port: 0` (the default) picks a free port. `chunkDelayMs` is the pause
 * between stream events (default 15 ms), so streaming is observable.
 * @param {{ host?: string, port?: number, chunkDelayMs?: number, validate?: boolean, keepRequests?: boolean }} [options]
 *   keepRequests: false forgets each request once answered (a long bench turn resends megabytes per request)
 */
export async function start(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const chunkDelayMs = options.chunkDelayMs ?? 15;
  const validate = options.validate ?? true;
  const keepRequests = options.keepRequests ?? true;
  const state = createState();

  const server = http.createServer((req, res) => {
    handle(req, res, { state, chunkDelayMs, validate, keepRequests }).catch((error) => {
      if (!res.headersSent) {
        sendJson(res, 500, { error: { message: `model server bug: ${error?.stack ?? error}`, type: 'fixture_error' } });
      } else {
        res.destroy();
      }
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  return {
    /** Base URL, e.g. http://127.0.0.1:4010 (Anthropic base; OpenAI base is url + '/v1'). */
    url,
    port: address.port,
    server,
    /** Replaces the queue of steps. */
    setScript(steps) {
      state.queue = [...steps];
    },
    /** The model requests received so far. */
    requests() {
      return state.requests;
    },
    /** Empties queue and log, restarts ids. */
    reset() {
      Object.assign(state, createState());
    },
    /** Stops the server, closing open connections (streams included). */
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}

function createState() {
  return { queue: [], requests: [], nextId: 1 };
}

// ---------------------------------------------------------------------------------------------
// Routing

async function handle(req, res, context) {
  setCors(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return;
  }
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const { state } = context;

  if (path === '/__script' && req.method === 'POST') {
    const body = parseJson(await readBody(req));
    const steps = Array.isArray(body) ? body : Array.isArray(body?.steps) ? body.steps : undefined;
    if (!steps) return sendJson(res, 400, { error: 'expected an array of steps (or { steps: [...] })' });
    state.queue = steps;
    return sendJson(res, 200, { ok: true, queued: steps.length });
  }
  if (path === '/__script' && req.method === 'GET') return sendJson(res, 200, state.queue);
  if (path === '/__requests' && req.method === 'GET') return sendJson(res, 200, state.requests);
  if (path === '/__reset' && req.method === 'POST') {
    Object.assign(state, createState());
    return sendJson(res, 200, { ok: true });
  }
  if (req.method === 'GET' && (path === '/' || path === '/health')) {
    return sendJson(res, 200, { ok: true, name: 'glassbox scripted model server' });
  }
  if (req.method === 'POST' && path === '/v1/messages/count_tokens') return handleCountTokens(req, res, path, context);
  if (req.method === 'POST' && path === '/v1/messages') return handleModel('anthropic', req, res, path, context);
  if (req.method === 'POST' && path.endsWith('/chat/completions')) return handleModel('openai', req, res, path, context);
  if (req.method === 'POST' && path.endsWith('/v1/responses')) return handleModel('openai-responses', req, res, path, context);

  return sendJson(res, 404, { error: { message: `No route for ${req.method} ${path}`, type: 'not_found' } });
}

function setCors(req, res) {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', ALLOWED_HEADERS.join(', '));
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  res.setHeader('access-control-max-age', '600');
}

// ---------------------------------------------------------------------------------------------
// Anthropic's token counter

/** Fields the real count_tokens endpoint accepts; anything else (max_tokens, stream) is a 400 there too. */
const COUNT_TOKENS_FIELDS = new Set(['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking', 'mcp_servers']);

/** The scripted "token count" of a count_tokens body: one token per 4 characters of its JSON (rounded up). */
export function countTokensFor(body) {
  return Math.ceil(JSON.stringify(body).length / 4);
}

async function handleCountTokens(req, res, path, context) {
  const raw = await readBody(req);
  const body = parseJson(raw);
  const record = {
    format: 'anthropic',
    method: req.method,
    path,
    headers: { ...req.headers },
    body: body === undefined ? raw : body,
    stream: false,
    receivedAt: Date.now(),
    status: 0,
  };
  context.state.requests.push(record);
  const reject = (status, type, message) => {
    record.status = status;
    sendJson(res, status, errorBody('anthropic', type, message));
  };
  const problem = checkAnthropicHeaders(req.headers);
  if (problem) return reject(problem.status, problem.type, problem.message);
  if (body === undefined || typeof body !== 'object' || Array.isArray(body))
    return reject(400, 'invalid_request_error', 'The request body is not a JSON object.');
  const extra = Object.keys(body).find((key) => !COUNT_TOKENS_FIELDS.has(key));
  if (extra) return reject(400, 'invalid_request_error', `${extra}: Extra inputs are not permitted`);
  if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
    return reject(400, 'invalid_request_error', 'model and a non-empty messages list are required');
  }
  record.status = 200;
  return sendJson(res, 200, { input_tokens: countTokensFor(body) });
}

// ---------------------------------------------------------------------------------------------
// One model request

async function handleModel(format, req, res, path, context) {
  const { state } = context;
  const raw = await readBody(req);
  const body = parseJson(raw);
  const record = {
    format,
    method: req.method,
    path,
    headers: { ...req.headers },
    body: body === undefined ? raw : body,
    /** The body exactly as received, for byte-for-byte comparisons. */
    text: raw,
    stream: body?.stream === true,
    receivedAt: Date.now(),
    status: 0,
  };
  if (context.keepRequests !== false) state.requests.push(record);
  const requestId = `req_scripted_${state.nextId++}`;
  res.setHeader(format === 'anthropic' ? 'request-id' : 'x-request-id', requestId);

  const reject = (status, type, message, extra = {}) => {
    record.status = status;
    sendJson(res, status, errorBody(format, type, message, extra));
  };

  // Checks in the order the real APIs make them.
  const problem = format === 'anthropic' ? checkAnthropicHeaders(req.headers) : checkOpenAIHeaders(req.headers);
  if (problem) return reject(problem.status, problem.type, problem.message, problem.extra);
  if (body === undefined) {
    return reject(400, 'invalid_request_error', 'The request body is not valid JSON.');
  }
  if (context.validate) {
    const invalid =
      format === 'anthropic' ? validateAnthropicBody(body) : format === 'openai' ? validateOpenAIBody(body) : validateResponsesBody(body);
    if (invalid) return reject(400, 'invalid_request_error', invalid);
  }

  const step = state.queue.length > 0 ? state.queue.shift() : { text: SCRIPT_EMPTY_TEXT };
  if (typeof step.delayMs === 'number' && step.delayMs > 0) await sleep(step.delayMs);

  if (step.error) {
    const status = step.error.status ?? 500;
    if (step.error.retryAfter !== undefined) res.setHeader('retry-after', String(step.error.retryAfter));
    record.status = status;
    const payload = step.error.body ?? errorBody(format, defaultErrorType(format, status), defaultErrorMessage(status));
    return typeof payload === 'string' ? sendText(res, status, payload) : sendJson(res, status, payload);
  }

  const reply = composeReply(format, step, body, state, raw.length);
  record.status = 200;

  if (step.streamError && !record.stream) {
    const status = format === 'anthropic' ? anthropicStatusFor(step.streamError) : 503;
    record.status = status;
    return sendJson(res, status, errorBody(format, step.streamError, streamErrorMessage(step.streamError)));
  }
  if (!record.stream) {
    const json = format === 'anthropic' ? anthropicJson(reply) : format === 'openai' ? openAIJson(reply) : responsesJson(reply);
    if (step.cutStream) return cutJson(res, json, step.cutStream);
    return sendJson(res, 200, json);
  }

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const events =
    format === 'anthropic'
      ? anthropicEvents(reply)
      : format === 'openai'
        ? openAIEvents(reply, body)
        : responsesEvents(reply, sse, textPieces, jsonPieces);
  const limit = step.cutStream || step.streamError ? Math.max(2, Math.ceil(events.length / 2)) : events.length;
  const chunkDelayMs = typeof step.chunkDelayMs === 'number' ? step.chunkDelayMs : context.chunkDelayMs;
  for (const [index, event] of events.slice(0, limit).entries()) {
    if (index > 0) await sleep(chunkDelayMs);
    if (res.destroyed) return;
    res.write(event);
  }
  if (step.streamError) {
    await sleep(context.chunkDelayMs);
    const message = streamErrorMessage(step.streamError);
    res.write(
      format === 'anthropic'
        ? sse('error', { type: 'error', error: { type: step.streamError, message } })
        : format === 'openai'
          ? sse(undefined, { error: { message, type: step.streamError, param: null, code: null } })
          : responsesErrorEvent(step.streamError, message, sse),
    );
  }
  if (step.cutStream === 'abort') {
    res.destroy();
    return;
  }
  res.end();
}

// ---------------------------------------------------------------------------------------------
// Header checks and request validation (mirroring the real APIs' answers)

function checkAnthropicHeaders(headers) {
  const key = headers['x-api-key'];
  if (!key) return { status: 401, type: 'authentication_error', message: 'x-api-key header is required' };
  if (key === 'bad-key') return { status: 401, type: 'authentication_error', message: 'invalid x-api-key' };
  if (headers.origin && headers['anthropic-dangerous-direct-browser-access'] !== 'true') {
    return {
      status: 401,
      type: 'authentication_error',
      message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    };
  }
  if (!headers['anthropic-version']) {
    return { status: 400, type: 'invalid_request_error', message: 'anthropic-version: header is required' };
  }
  return undefined;
}

function checkOpenAIHeaders(headers) {
  const auth = headers.authorization;
  const key = typeof auth === 'string' && /^bearer /i.test(auth) ? auth.slice(7).trim() : '';
  if (!key) {
    return {
      status: 401,
      type: 'invalid_request_error',
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      extra: { param: null, code: null },
    };
  }
  if (key === 'bad-key') {
    return {
      status: 401,
      type: 'invalid_request_error',
      message: 'Incorrect API key provided: bad-key. You can find your API key at https://platform.openai.com/account/api-keys.',
      extra: { param: null, code: 'invalid_api_key' },
    };
  }
  return undefined;
}

/** The rules Anthropic enforces that a converter can break. Returns a message, or undefined. */
function validateAnthropicBody(body) {
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  const messages = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role !== 'user' && message.role !== 'assistant') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    if (i > 0 && messages[i - 1].role === message.role) {
      return 'messages: roles must alternate between "user" and "assistant", but found multiple "' + message.role + '" roles in a row';
    }
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(content) || content.length === 0) return `messages.${i}: all messages must have non-empty content`;
    for (const block of content) {
      if (block.type === 'text' && block.text === '') return `messages.${i}: text content blocks must be non-empty`;
    }
    if (message.role !== 'assistant') continue;
    const ids = content.filter((block) => block.type === 'tool_use').map((block) => block.id);
    if (ids.length === 0 || i === messages.length - 1) continue;
    const next = messages[i + 1];
    const nextContent = Array.isArray(next.content) ? next.content : [];
    const leading = [];
    for (const block of nextContent) {
      if (block.type !== 'tool_result') break;
      leading.push(block.tool_use_id);
    }
    const missing = ids.filter((id) => !leading.includes(id));
    if (missing.length > 0) {
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
  }
  return undefined;
}

/** The rules OpenAI enforces that a converter can break. Returns a message, or undefined. */
function validateOpenAIBody(body) {
  if (typeof body.model !== 'string' || body.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "Invalid 'messages': empty array.";
  const messages = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'tool') {
      let owner = i - 1;
      while (owner >= 0 && messages[owner].role === 'tool') owner--;
      const calls = owner >= 0 && Array.isArray(messages[owner].tool_calls) ? messages[owner].tool_calls : [];
      if (!calls.some((call) => call.id === message.tool_call_id)) {
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      }
      if (typeof message.content !== 'string' && !Array.isArray(message.content)) return `Invalid 'messages[${i}].content'.`;
    }
    if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      const answered = [];
      for (let j = i + 1; j < messages.length && messages[j].role === 'tool'; j++) answered.push(messages[j].tool_call_id);
      const missing = message.tool_calls.map((call) => call.id).filter((id) => !answered.includes(id));
      if (missing.length > 0 && i < messages.length - 1) {
        return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`;
      }
    }
  }
  if (Array.isArray(body.tools) && body.tools.length === 0)
    return "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.";
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Replies

/**
 * A step → a provider-neutral reply: text, tool calls (with argument text), stop reason, usage.
 */
function composeReply(format, step, body, state, requestLength) {
  let text = typeof step.text === 'string' ? step.text : undefined;
  if (step.echoToolResults) {
    const echoed =
      format === 'anthropic'
        ? summariseAnthropicToolResults(body)
        : format === 'openai'
          ? summariseOpenAIToolResults(body)
          : summary(
              responsesToolResults(body).map((result) => resultLine(result.name, result.id, result.isError, result.text, result.images)),
            );
    text = text === undefined ? echoed : `${text}\n${echoed}`;
  }
  if (step.streamError && text === undefined) text = 'Let me think about';
  if (step.cutStream && text === undefined && !step.toolCalls) text = 'This answer will be cut off before it ends.';
  const toolCalls = (Array.isArray(step.toolCalls) ? step.toolCalls : []).map((call) => {
    const n = state.nextId++;
    const input = call.input ?? {};
    const json = JSON.stringify(input);
    const broken = step.badArguments && format !== 'anthropic';
    return {
      id: call.id ?? (format === 'anthropic' ? `toolu_scripted_${n}` : `call_scripted_${n}`),
      name: call.name,
      input,
      // Cut before the closing brace: never valid JSON.
      arguments: broken ? json.slice(0, Math.max(1, json.length - 1)) : json,
    };
  });
  if (text === undefined && toolCalls.length === 0) text = '';
  const outputLength = (text ?? '').length + toolCalls.reduce((sum, call) => sum + call.arguments.length, 0);
  return {
    id: { anthropic: 'msg_scripted_', openai: 'chatcmpl-scripted-', 'openai-responses': 'resp_scripted_' }[format] + state.nextId++,
    model: typeof body.model === 'string' ? body.model : 'scripted',
    text,
    toolCalls,
    stopReason: step.stopReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'end-turn'),
    usage: { input: Math.ceil(requestLength / 4), output: Math.ceil(outputLength / 4) + 1 },
  };
}

const ANTHROPIC_STOP = {
  'end-turn': 'end_turn',
  'tool-calls': 'tool_use',
  'max-tokens': 'max_tokens',
  'stop-sequence': 'stop_sequence',
  refusal: 'refusal',
  pause: 'pause_turn',
  'context-window': 'model_context_window_exceeded',
  'content-filter': 'refusal',
};

const OPENAI_FINISH = {
  'end-turn': 'stop',
  'tool-calls': 'tool_calls',
  'max-tokens': 'length',
  'stop-sequence': 'stop',
  refusal: 'content_filter',
  pause: 'stop',
  'context-window': 'length',
  'content-filter': 'content_filter',
};

function anthropicJson(reply) {
  const content = [];
  if (reply.text) content.push({ type: 'text', text: reply.text });
  for (const call of reply.toolCalls) content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.input });
  return {
    id: reply.id,
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content,
    stop_reason: ANTHROPIC_STOP[reply.stopReason] ?? reply.stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: reply.usage.input,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: reply.usage.output,
    },
  };
}

function openAIJson(reply) {
  const message = { role: 'assistant', content: reply.text ? reply.text : null, refusal: null };
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: reply.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: OPENAI_FINISH[reply.stopReason] ?? reply.stopReason }],
    usage: {
      prompt_tokens: reply.usage.input,
      completion_tokens: reply.usage.output,
      total_tokens: reply.usage.input + reply.usage.output,
    },
  };
}

/** The SSE events of an Anthropic stream, each a ready-to-write string. */
function anthropicEvents(reply) {
  const events = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: reply.id,
        type: 'message',
        role: 'assistant',
        model: reply.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: reply.usage.input, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    }),
    sse('ping', { type: 'ping' }),
  ];
  let index = 0;
  if (reply.text) {
    events.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
    for (const piece of textPieces(reply.text)) {
      events.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }));
    }
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  for (const call of reply.toolCalls) {
    events.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
    );
    events.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of jsonPieces(call.arguments)) {
      events.push(
        sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }),
      );
    }
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  events.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: ANTHROPIC_STOP[reply.stopReason] ?? reply.stopReason, stop_sequence: null },
      usage: { output_tokens: reply.usage.output },
    }),
  );
  events.push(sse('message_stop', { type: 'message_stop' }));
  return events;
}

/** The `data:` chunks of an OpenAI stream, each a ready-to-write string. */
function openAIEvents(reply, body) {
  const includeUsage = body.stream_options?.include_usage === true;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta, finishReason = null) =>
    sse(undefined, {
      id: reply.id,
      object: 'chat.completion.chunk',
      created,
      model: reply.model,
      system_fingerprint: 'fp_scripted',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const events = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of textPieces(reply.text ?? '')) events.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of jsonPieces(call.arguments)) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, OPENAI_FINISH[reply.stopReason] ?? reply.stopReason));
  if (includeUsage) {
    events.push(
      sse(undefined, {
        id: reply.id,
        object: 'chat.completion.chunk',
        created,
        model: reply.model,
        system_fingerprint: 'fp_scripted',
        choices: [],
        usage: {
          prompt_tokens: reply.usage.input,
          completion_tokens: reply.usage.output,
          total_tokens: reply.usage.input + reply.usage.output,
        },
      }),
    );
  }
  events.push('data: [DONE]\n\n');
  return events;
}

// ---------------------------------------------------------------------------------------------
// Echoing tool results

/** Summarises the tool_result blocks of the last user message (what the model was shown). */
function summariseAnthropicToolResults(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  const names = new Map();
  for (const message of messages) {
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
    }
  }
  const results = last?.role === 'user' && Array.isArray(last.content) ? last.content.filter((block) => block.type === 'tool_result') : [];
  const lines = results.map((block) => {
    const content = typeof block.content === 'string' ? [{ type: 'text', text: block.content }] : (block.content ?? []);
    const text = content
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join(' ');
    const images = content.filter((part) => part.type === 'image').length;
    return resultLine(names.get(block.tool_use_id) ?? '?', block.tool_use_id, block.is_error === true, text, images);
  });
  return summary(lines);
}

/** Summarises the tool messages after the last assistant tool call, and the images that follow them. */
function summariseOpenAIToolResults(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let owner = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'assistant' && Array.isArray(messages[i].tool_calls)) {
      owner = i;
      break;
    }
  }
  if (owner < 0) return summary([]);
  const names = new Map(messages[owner].tool_calls.map((call) => [call.id, call.function?.name]));
  const images = new Map();
  const results = [];
  for (const message of messages.slice(owner + 1)) {
    if (message.role === 'tool') results.push(message);
    if (message.role === 'user' && Array.isArray(message.content)) {
      let current;
      for (const part of message.content) {
        const match = part.type === 'text' ? /returned by tool \S+ \(([^)]+)\)$/.exec(part.text) : null;
        if (match) current = match[1];
        if (part.type === 'image_url' && current) images.set(current, (images.get(current) ?? 0) + 1);
      }
    }
  }
  const lines = results.map((message) => {
    const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    const isError = text.startsWith('Error');
    return resultLine(names.get(message.tool_call_id) ?? '?', message.tool_call_id, isError, text, images.get(message.tool_call_id) ?? 0);
  });
  return summary(lines);
}

function resultLine(name, id, isError, text, images) {
  const imageNote = images === 0 ? '' : ` (+${images} image${images === 1 ? '' : 's'})`;
  return `- ${name} [${id}] ${isError ? 'error' : 'ok'}: ${text}${imageNote}`;
}

function summary(lines) {
  return lines.length === 0 ? 'No tool results in the last request.' : `Tool results seen (${lines.length}):\n${lines.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------
// Errors

function errorBody(format, type, message, extra = {}) {
  return format === 'anthropic'
    ? { type: 'error', error: { type, message }, request_id: `req_scripted_error` }
    : { error: { message, type, param: null, code: null, ...extra } };
}

function defaultErrorType(format, status) {
  if (format === 'anthropic') {
    return (
      {
        400: 'invalid_request_error',
        401: 'authentication_error',
        403: 'permission_error',
        404: 'not_found_error',
        413: 'request_too_large',
        429: 'rate_limit_error',
        529: 'overloaded_error',
      }[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
    );
  }
  return (
    { 401: 'invalid_request_error', 404: 'invalid_request_error', 429: 'requests' }[status] ??
    (status >= 500 ? 'server_error' : 'invalid_request_error')
  );
}

function defaultErrorMessage(status) {
  return (
    {
      400: 'Bad request (scripted).',
      401: 'Invalid API key (scripted).',
      403: 'Forbidden (scripted).',
      404: 'The model was not found (scripted).',
      429: 'Rate limit reached (scripted).',
      500: 'Internal server error (scripted).',
      503: 'The server is overloaded (scripted).',
      529: 'Overloaded',
    }[status] ?? `Error ${status} (scripted).`
  );
}

function anthropicStatusFor(type) {
  return { overloaded_error: 529, rate_limit_error: 429, api_error: 500 }[type] ?? 500;
}

function streamErrorMessage(type) {
  return type === 'overloaded_error' ? 'Overloaded' : `Scripted stream error: ${type}`;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function sse(event, data) {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/** Splits text into pieces of about two words, so a stream has several deltas. */
function textPieces(text) {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces = [];
  for (let i = 0; i < words.length; i += 2) pieces.push(words.slice(i, i + 2).join(''));
  return pieces;
}

/** Splits argument text into up to three pieces, as providers stream them. */
function jsonPieces(json) {
  if (json.length <= 4) return [json];
  const size = Math.ceil(json.length / 3);
  const pieces = [];
  for (let i = 0; i < json.length; i += size) pieces.push(json.slice(i, i + size));
  return pieces;
}

function cutJson(res, json, mode) {
  const text = JSON.stringify(json);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  if (mode === 'abort') res.destroy();
  else res.end();
}

function sendJson(res, status, value) {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// CLI

function readFlag(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const handle = await start({
    port: Number(readFlag(args, '--port') ?? 4010),
    host: readFlag(args, '--host') ?? '127.0.0.1',
    chunkDelayMs: Number(readFlag(args, '--chunk-delay-ms') ?? 15),
  });
  console.log(`scripted model server on ${handle.url}  (Anthropic base: ${handle.url}, OpenAI base: ${handle.url}/v1)`);
  const stop = () => handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
