/**
 * The contract every provider folder (anthropic/, openai/, openai-responses/) implements: build
 * a request body from the neutral conversation, parse a JSON reply or a stream of events back
 * into it, read an error body, and everything else the app needs to know about the wire (schema
 * rules, error wording, the panel's summary, presets), so nothing outside the folder branches on
 * a provider's name. Everything here is pure; the caller does the `fetch`.
 */
import type { EndpointPreset, ErrorWording, ModelExchangeKind, SchemaRules, WireSummary } from './adapter-parts';
import type { ConversionWarning, NeutralPart, NeutralRequest, NeutralResponse, StreamEvent } from '../conversation';
import type { SseEvent } from './sse-event';

/** Where and how to send a request. `anthropicVersion` is only read by the Anthropic adapter. */
export interface BuildRequestOptions {
  /** Base URL; see each adapter's `defaultBaseUrl` (Anthropic's has no `/v1`, OpenAI's has). Empty = the default. */
  baseUrl: string;
  /** The API key; when empty, no auth header is sent (local servers such as Ollama need none). */
  apiKey: string;
  /** Anthropic only: the `anthropic-version` header. Default is `ANTHROPIC_VERSION` (2023-06-01). */
  anthropicVersion?: string;
}

/** A request ready for `fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })`. */
export interface BuiltRequest<TBody extends object = object> {
  url: string;
  headers: Record<string, string>;
  body: TBody;
  /** Things the provider would reject or ignore, and what the converter did about them. */
  warnings: ConversionWarning[];
}

/** A parsed JSON reply plus what the parser had to work around. */
export interface ParsedResponse {
  response: NeutralResponse;
  warnings: ConversionWarning[];
}

/** Options for parsers that may need to invent a tool call id (some OpenAI-compatible servers send none). */
export interface ParseOptions {
  /** Makes an id for a tool call that arrived without one. Default: `call_` + random letters. */
  generateId?: () => string;
}

/**
 * A stateful parser for one streamed reply: feed it events with `push`, then call `finish`
 * once the byte stream has ended.
 */
export interface ModelStreamParser {
  /** Feeds one event; returns the stream events it produced (a `done` once the reply is complete). Throws `MalformedResponseError` on data that is not JSON. */
  push(event: SseEvent): StreamEvent[];
  /** Call when the byte stream ended: returns the assembled reply, or throws `ProviderStreamError` (an error event arrived) or `StreamCutError` (no end marker). */
  finish(): NeutralResponse;
  /** Warnings collected so far (unknown block types, unparseable tool arguments, …). */
  readonly warnings: ConversionWarning[];
}

/** A provider's error body reduced to its error type and human message. */
export interface ProviderErrorInfo {
  /** The provider's own error type, e.g. `overloaded_error`, `invalid_request_error`; `unknown` when none was given. */
  type: string;
  message: string;
}

/** One wire format: everything the agent, the panels and the top bar need to know about it. */
export interface ProviderAdapter<TBody extends object = object, TId extends string = string> {
  /** Its key in the registry (`PROVIDERS`): the `provider-select` value and the recorded exchanges' `source`. */
  id: TId;
  /** A human name for the wire format, e.g. "Anthropic Messages". */
  label: string;
  /** The base URL used when the person gives none. */
  defaultBaseUrl: string;
  /** Ready-made endpoints that speak this format; the vendor's own first. */
  presets: readonly EndpointPreset[];
  /** A few current model names, as suggestions (any name can be typed). */
  modelSuggestions: readonly string[];
  /** How a server's tool schema becomes this wire's parameters schema, with warnings. */
  schema: SchemaRules;
  /** The wire's words in error explanations. */
  errors: ErrorWording;
  /** How the model-wire panel reads this wire's requests and replies for its one-line summaries. */
  summary: WireSummary;
  /** One or two sentences explaining each kind of exchange on this wire. */
  notes: Readonly<Record<ModelExchangeKind, string>>;
  /** Neutral request → URL, headers, JSON body and warnings. */
  buildRequest(request: NeutralRequest, options: BuildRequestOptions): BuiltRequest<TBody>;
  /** A JSON reply body → the neutral reply. Throws `MalformedResponseError` when the body is not a reply at all. */
  parseResponse(body: unknown, options?: ParseOptions): ParsedResponse;
  /** A fresh parser for one streamed reply. */
  createStreamParser(options?: ParseOptions): ModelStreamParser;
  /** An error body (parsed JSON or raw text) → its type and message. */
  parseError(body: unknown): ProviderErrorInfo;
  /**
   * A fetch that answers this format's requests inside the page (the scripted demo); the
   * recording fetch wraps it like the browser's. Absent: requests go to the network.
   */
  localFetch?: typeof fetch;
  /**
   * True for a format that speaks other formats' wire (the scripted demo speaks Anthropic's or
   * OpenAI's): it is not offered as one more format to show a request in.
   */
  borrowsWire?: boolean;
}

/**
 * True when a tool call's arguments could not be parsed: the loop should answer it with an
 * invalid-arguments error result instead of calling the tool.
 */
export function hasInvalidArguments(part: Extract<NeutralPart, { type: 'tool-call' }>): boolean {
  return part.input === undefined && part.rawArguments !== undefined;
}
