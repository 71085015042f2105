/**
 * Teaching notes: one or two plain sentences beside each message in the trace, saying
 * what it is for. Written for a developer who knows HTTP and JSON but not MCP.
 */
import type { ProtocolEra, RpcKind } from './types';

/** Topics that are not a single message: headers, the era probe, HTTP-level behaviour. */
export type TeachingTopic =
  | 'session-id'
  | 'era-probe'
  | 'protocol-version-header'
  | 'method-headers'
  | 'param-headers'
  | 'dpop-proof'
  | 'get-stream'
  | 'delete-session'
  | 'accepted-202'
  | 'sse-response';

/** Notes per method, by what the message is. A missing entry falls back to the generic note for its kind. */
interface MethodNotes {
  request?: string;
  notification?: string;
  response?: string;
  error?: string;
  /** Replaces `request`/`notification` in one era. */
  legacy?: string;
  modern?: string;
}

const SESSION_ID_NOTE =
  'Mcp-Session-Id names the session a 2025-era server keeps for this client (its per-client state). ' +
  'The server hands it out with the answer to initialize; the client echoes it in every later request, and a DELETE with it ends the session (a 404 means it is gone: initialize again).';

const METHOD_NOTES: Readonly<Record<string, MethodNotes>> = {
  initialize: {
    request:
      'The client opens a 2025-era connection: it proposes a protocol version, lists its own capabilities and names itself in clientInfo. ' +
      'Nothing but pings may be sent until the server answers.',
    response:
      'The server agrees on a protocol version and states its capabilities (tools, resources, prompts, logging…), its serverInfo and optional instructions. ' +
      'A 2025-era server may also hand back an Mcp-Session-Id header, which the client then sends with every later request.',
    error: 'The server refused the handshake, often because it speaks none of the protocol versions the client offered.',
  },
  'notifications/initialized': {
    notification:
      'The client confirms it has read the answer to initialize: the session is ready and normal requests may begin. ' +
      'As a notification it gets HTTP 202 and no JSON-RPC reply.',
  },
  'server/discover': {
    request:
      'The 2026-07-28 opening move: no initialize and no session; the client asks which protocol versions the server speaks and what it can do. ' +
      'It is also the era probe: a 2025-era server answers 400 and the client falls back to initialize.',
    response:
      'The server lists its protocol versions, capabilities and server info. Nothing is remembered between requests: each later request carries the version and client details in its own _meta.',
    error:
      'A 2025-era server does not know server/discover and rejects it. That is expected: this was the era probe, and the client now falls back to initialize.',
  },
  'tools/list': {
    request:
      'Asks for the tools the server offers. The list is paginated: to get the next page, send the nextCursor of the previous answer as cursor.',
    response:
      'One page of tools, each with name, description, inputSchema and optional outputSchema and annotations (hints only: the server may not be trustworthy). ' +
      'A nextCursor means there are more pages.',
  },
  'tools/call': {
    request:
      'Runs one tool with the arguments the model chose. A _meta.progressToken, when present, lets the server report progress on this call.',
    response:
      'The tool’s result: content blocks (text, image, audio, resource links or resources) and maybe structuredContent. ' +
      'isError: true means the tool ran and failed, and the model should see why; a JSON-RPC error means the call itself was rejected.',
    error:
      'The call was rejected before the tool ran (unknown tool, invalid arguments, or a server fault); the model gets this as a failed tool result.',
  },
  'notifications/progress': {
    notification:
      'The server reports how far a long request has got (progress, optionally total and message), linked to it by the progressToken the request carried. Nobody answers it.',
  },
  'notifications/cancelled': {
    notification:
      'One side tells the other it no longer wants the result of the request named in requestId (with an optional reason). ' +
      'The receiver should stop working on it; a response that still arrives is ignored.',
  },
  'notifications/tools/list_changed': {
    notification: 'The server says its set of tools changed; a client that cares calls tools/list again.',
    modern:
      'The server says its set of tools changed; in the 2026-07-28 era it arrives on the subscriptions/listen stream, and the client calls tools/list again.',
  },
  'notifications/message': {
    notification: 'A log line from the server (level, optional logger, data). It is for the people reading logs, not for the model.',
  },
  ping: {
    request: 'Checks that the other side is still there. Either side may send it; the answer is an empty result.',
    response: 'The answer to a ping: an empty result, meaning “still here”.',
  },
  'resources/list': {
    request: 'Asks for the resources (files, records, documents) the server exposes, paginated like tools/list.',
  },
  'resources/read': {
    request: 'Reads one resource by its URI; the answer holds its contents as text or base64 blobs.',
  },
  'prompts/list': {
    request: 'Asks for the prompt templates the server offers, paginated like tools/list.',
  },
  'prompts/get': {
    request: 'Fills in one prompt template with arguments; the answer is a list of messages ready to show a model.',
  },
  'logging/setLevel': {
    request: 'Tells the server the lowest log level it should send as notifications/message.',
  },
  'subscriptions/listen': {
    request:
      'The 2026-07-28 way to hear about changes (list_changed and resource updates): a long-lived request whose SSE stream carries the notifications. Closing the stream ends it.',
  },
  'sampling/createMessage': {
    request: 'A 2025-era server asks the client to run the model for it. Clients should show it to a person before answering.',
  },
  'elicitation/create': {
    request: 'A 2025-era server asks the person for input, with a schema for the answer. The client shows a form; the person may decline.',
  },
  'roots/list': {
    request: 'A 2025-era server asks which roots (directories or URIs) the client allows it to work within.',
  },
};

const GENERIC_NOTES: Readonly<Record<RpcKind, string>> = {
  request: 'A request: it carries an id, and the other side must answer it with exactly one response bearing the same id.',
  notification: 'A notification has no id because nobody answers it: the sender does not wait, and no response will ever pair with it.',
  response:
    'A response carries the id of the request it answers; that id is how an answer finds its question, even when answers arrive out of order.',
  error:
    'An error response: it carries the id of the failed request and an error (code, message, maybe data) instead of a result. ' +
    '-32601 means the method is unknown, -32602 invalid parameters.',
};

const TOPIC_NOTES: Readonly<Record<TeachingTopic, string>> = {
  'session-id': SESSION_ID_NOTE,
  'era-probe':
    'The era probe: in auto mode the client first sends server/discover. A 2026-07-28 server answers it; a 2025-era server answers 400 (or an empty result), and the client falls back to initialize. The 400 is expected, not a failure.',
  'protocol-version-header':
    'MCP-Protocol-Version tells the server which protocol version the client is speaking on this request, so it can read the message the right way.',
  'method-headers':
    'Mcp-Method and Mcp-Name (2026-07-28) repeat the JSON-RPC method and the tool or resource name as headers, so proxies and gateways can route and authorize a request without reading its body.',
  'param-headers':
    'Mcp-Param-<Name> headers (SEP-2243, 2026-07-28) copy the arguments whose inputSchema property carries "x-mcp-header": "<Name>", so a gateway can route by them (a region, a tenant) without reading the body. ' +
    'A null or missing argument sends no header; text with non-ASCII or control characters, or spaces at either end, is sent as =?base64?…?=. The server checks each against the body. ' +
    'The SDK sends none from a browser (each new header needs the server’s CORS preflight to allow it); Glassbox sends them itself, so a server that does not allow them fails the preflight.',
  'dpop-proof':
    'DPoP (RFC 9449): the token is bound to a key this page made for the sign-in, so it goes as Authorization: DPoP with a DPoP header, a proof signed by that key for this one request (method, URL without query, time, a unique id, the token’s SHA-256 as ath, and the server’s nonce once it asked). A stolen token is useless without the key, which the page cannot export. The auth debugger shows each proof’s claims.',
  'get-stream':
    'A 2025-era client may open a GET on the MCP endpoint: a long-lived SSE stream on which the server can send requests and notifications at any time. Last-Event-ID resumes it after a drop. Glassbox opens it once the server’s tools are listed and no other server is still connecting, so it never holds up a handshake.',
  'delete-session':
    'A DELETE with the Mcp-Session-Id ends a 2025-era session; a server may answer 405 if it does not let clients end sessions.',
  'accepted-202':
    'HTTP 202 with no body: the server accepted a notification or a response. There is nothing to answer, so there is no JSON-RPC message.',
  'sse-response':
    'The server answered with an SSE stream instead of plain JSON: it can send progress, log lines or its own requests before the final response, each as one event.',
};

/** Returns the specific note for a method and kind, if there is one. */
function specificNote(notes: MethodNotes, kind: RpcKind, era: ProtocolEra | undefined): string | undefined {
  switch (kind) {
    case 'request':
    case 'notification':
      return (era !== undefined ? notes[era] : undefined) ?? notes[kind] ?? notes.request ?? notes.notification;
    case 'response':
      return notes.response;
    case 'error':
      return notes.error;
    default: {
      const unknownKind: never = kind;
      return String(unknownKind);
    }
  }
}

/**
 * One or two sentences explaining a JSON-RPC message by its method and kind (for a
 * response, the method of the request it answers). Falls back to a note on the kind.
 */
export function teachingNoteFor(method: string, kind: RpcKind, era?: ProtocolEra): string {
  const notes = METHOD_NOTES[method];
  return (notes !== undefined ? specificNote(notes, kind, era) : undefined) ?? GENERIC_NOTES[kind];
}

/** One or two sentences about something beyond one message: a header, the era probe, an HTTP behaviour. */
export function teachingNoteForTopic(topic: TeachingTopic): string {
  return TOPIC_NOTES[topic];
}
