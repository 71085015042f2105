/**
 * A hand-written 2025-era MCP endpoint (no SDK, no session), for the lab modes that must break
 * the protocol in ways an SDK server never would: a wrong response id, a wrong Content-Type,
 * a malformed SSE event, a stream cut before the answer, an answer that never comes, a tool
 * list with invalid schemas. Everything a mode does not script is answered correctly.
 */
import { readBody, sendJson, sendJsonRpcError, sendText } from './http-kit.mjs';

/** The protocol version the scripted endpoints announce. */
export const SCRIPTED_PROTOCOL_VERSION = '2025-06-18';

/**
 * @typedef {{ jsonrpc: '2.0', id?: string | number, method: string, params?: Record<string, any> }} RpcRequest
 * @typedef {(request: RpcRequest, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void | Promise<void>} Answer
 *   Writes the whole HTTP answer to one request.
 * @typedef {object} ScriptedOptions
 * @property {string} name serverInfo.name
 * @property {Answer} [initialize] Answers initialize (default: a correct JSON result).
 * @property {() => unknown[]} [tools] The tools/list result's tools (default: none).
 * @property {Record<string, Answer>} [calls] Answers tools/call per tool name; other names get a JSON-RPC error.
 */

/**
 * A correct JSON-RPC result as an application/json answer.
 * @param {import('node:http').ServerResponse} res
 * @param {string | number | undefined} id
 * @param {unknown} result
 */
export function answerJson(res, id, result) {
  sendJson(res, 200, { jsonrpc: '2.0', id, result });
}

/**
 * Starts an SSE answer and returns a function writing one event (its data JSON-encoded unless it is a string).
 * @param {import('node:http').ServerResponse} res
 * @returns {(data: unknown) => void}
 */
export function startSse(res) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  return (data) => {
    res.write(`event: message\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
}

/**
 * A tool result with one text block.
 * @param {string} text
 */
export function textResult(text) {
  return { content: [{ type: 'text', text }] };
}

/**
 * Creates the handler of one scripted endpoint.
 * @param {ScriptedOptions} options
 * @returns {{ handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> }}
 */
export function createScriptedEndpoint(options) {
  /** @type {Answer} */
  const initialize =
    options.initialize ??
    ((request, _req, res) =>
      answerJson(res, request.id, {
        protocolVersion: SCRIPTED_PROTOCOL_VERSION,
        capabilities: { tools: {} },
        serverInfo: { name: options.name, version: '1.0.0' },
      }));

  return {
    async handle(req, res) {
      if (req.method === 'GET') {
        // No server-to-client stream: allowed by the spec.
        sendText(res, 405, 'Method not allowed', { Allow: 'POST' });
        return;
      }
      if (req.method !== 'POST') {
        sendText(res, 405, 'Method not allowed', { Allow: 'POST' });
        return;
      }
      /** @type {RpcRequest} */
      let request;
      try {
        request = JSON.parse(await readBody(req));
      } catch {
        sendJsonRpcError(res, 400, -32700, 'Parse error: invalid JSON');
        return;
      }
      if (request.id === undefined || request.id === null) {
        res.writeHead(202).end();
        return;
      }
      switch (request.method) {
        case 'server/discover':
          // What a 2025 server answers to the 2026 era probe.
          sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
          return;
        case 'initialize':
          await initialize(request, req, res);
          return;
        case 'ping':
          answerJson(res, request.id, {});
          return;
        case 'tools/list':
          answerJson(res, request.id, { tools: options.tools?.() ?? [] });
          return;
        case 'tools/call': {
          const name = String(request.params?.name ?? '');
          const answer = options.calls?.[name];
          if (answer === undefined) {
            sendJson(res, 200, { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: `Unknown tool: ${name}` } });
            return;
          }
          await answer(request, req, res);
          return;
        }
        default:
          sendJson(res, 200, { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } });
      }
    },
  };
}
