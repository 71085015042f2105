/**
 * The parts of a provider adapter beyond building and parsing: its schema rules, its words in
 * error explanations, how the model-wire panel summarises its exchanges, its presets. Each
 * provider folder fills these in; the code that uses them never asks which provider it is.
 */
import type { RequestShape } from './request-parts';
import type { ConversionWarning } from '../conversation';
import type { SseEvent } from './sse-event';

/** The kinds of model-wire exchange a teaching note explains. */
export type ModelExchangeKind = 'request' | 'response' | 'stream' | 'error';

/** A ready-made endpoint of one wire format (the registry adds which format). */
export interface EndpointPreset {
  /** Stable id, e.g. `anthropic`, `ollama`. */
  id: string;
  label: string;
  baseUrl: string;
  /** False for local servers that take no key. */
  needsKey: boolean;
  /** One line shown beside the preset: what to set up for browser access. */
  note: string;
}

/** A schema conversion warning with its severity and the JSON path it is about (`#`, `#/properties/x`). */
export interface SchemaWarning extends ConversionWarning {
  /** `info`: something was adjusted or noted with no effect on meaning; `warning`: behaviour may differ. */
  level: 'info' | 'warning';
  /** JSON Pointer into the server's original schema, written with a leading `#`. */
  path: string;
}

/** A provider-ready schema, what was changed or noticed, and strict-mode eligibility. */
export interface ProviderSchemaResult {
  /** The schema to send (`input_schema`, `function.parameters`, `parameters`). A copy. */
  schema: Record<string, unknown>;
  warnings: SchemaWarning[];
  /**
   * Whether a strict mode (OpenAI's `strict: true`) would accept this schema. Glassbox always
   * sends tools non-strict, so this is reported, not acted on.
   */
  strictCompatible: boolean;
}

/** Object nesting and property totals of a whole schema, measured by the converter's walk. */
export interface SchemaStats {
  deepest: number;
  deepestPath: string;
  properties: number;
}

/**
 * What the schema converter (core/tools) hands a wire's rules: ways to report, and the walker's
 * own view of JSON Schema, so the rules hold only what is particular to their wire.
 */
export interface SchemaKit {
  /** Notes an adjustment with no effect on meaning. */
  info(path: string, message: string): void;
  /** Notes a change that may alter behaviour. */
  changed(path: string, message: string): void;
  /** Notes something the provider rejects or ignores. */
  unsupported(path: string, message: string): void;
  /** Resolves a `$ref` inside the schema (`#/$defs/x`, `#anchor`); undefined when it cannot. */
  resolveRef(ref: string): unknown;
  /** The direct subschemas of a node with their paths. */
  subschemas(node: Record<string, unknown>, path: string): Array<[unknown, string]>;
  /** Appends a segment to a `#`-prefixed JSON Pointer. */
  childPath(path: string, segment: string | number): string;
  /** Structural equality of two JSON values. */
  jsonEqual(a: unknown, b: unknown): boolean;
  /** True for a schema that describes an object. */
  isObjectSchema(node: Record<string, unknown>): boolean;
}

/** A wire's rules for tool parameter schemas, applied by core/tools' converter. */
export interface SchemaRules {
  /** Where the schema goes on this wire, e.g. "Anthropic input_schema". */
  label: string;
  /** The vendor's name in warnings, e.g. "Anthropic". */
  vendor: string;
  /** Repairs and notes at the root, after the root was made a copied object schema and before the walk. */
  root?(schema: Record<string, unknown>, kit: SchemaKit): void;
  /** Notes on one subschema during the walk. */
  node?(node: Record<string, unknown>, path: string, kit: SchemaKit): void;
  /** Last notes after the walk; returns whether a strict mode would accept the schema. */
  finish(schema: Record<string, unknown>, stats: SchemaStats, kit: SchemaKit): boolean;
  /** A line shown under the schema about strict mode, on wires that have one. */
  strictNote?(strictCompatible: boolean): string;
}

/** The wire's words in error explanations (core/providers/explain-http-error). */
export interface ErrorWording {
  /** The vendor's own API host, e.g. `api.anthropic.com`, and its name there. */
  vendorHost: string;
  vendorName: string;
  /** Which key a 401 asks for, e.g. "an Anthropic key, sk-ant-…". */
  keyHint: string;
  /** What a 404 says about base URLs, e.g. "(the Anthropic base URL has no /v1: …)". */
  baseUrlHint: string;
  /** The marker a complete stream ends with, e.g. `message_stop`. */
  endMarker: string;
  /** The request headers a CORS preflight must allow. */
  authHeaders: string;
  /** What usually fixes a blocked browser request to the vendor's own host. */
  corsAdvice: string;
}

/**
 * Token counts a reply reported, as the wire names them. `input` is the wire's own input figure:
 * Anthropic's leaves out tokens read from or written to the cache, OpenAI's includes the cached
 * ones (`cacheReadInInput`), so input not served from the cache is `input - cacheRead` there.
 */
export interface ReplyUsage {
  input?: number;
  output?: number;
  /** Input tokens read from the prompt cache. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache (Anthropic only). */
  cacheWrite?: number;
  /** True when `input` already counts `cacheRead` (the OpenAI formats). */
  cacheReadInInput?: boolean;
}

/** What a reply said, as far as the panel's one-line summary needs it. */
export interface ReplyFindings {
  /** The provider's own stop value (`tool_use`, `stop`, `completed`…). */
  stopReason?: string;
  usage: ReplyUsage;
  /** Tool names in the order the calls appear, one entry per call. */
  toolNames: string[];
  /** True when the reply carried non-empty text. */
  hasText: boolean;
  /** The provider's error message, from an error body or event. */
  errorMessage?: string;
}

/** Reads one stream's events as they are recorded; holds its own state between calls. */
export interface StreamSummaryReader {
  /** Reads one more event. */
  read(event: SseEvent): void;
  /** What the events read so far said (a fresh copy). */
  findings(): ReplyFindings;
}

/** How the model-wire panel reads one wire's exchanges. */
export interface WireSummary {
  /** This wire's word for a tool call, e.g. `tool_use`, `tool_calls`, `function_call`. */
  toolCallWord: string;
  /** True when a request to this path (with these headers) speaks this wire, for exchanges of unknown source. */
  recognizes(path: string, headers: Readonly<Record<string, string>>): boolean;
  /** How many conversation entries a request body carries (messages, input items). */
  countMessages(body: Record<string, unknown>): number | undefined;
  /** Where a request body keeps its entries, system prompt and tools (for the diff between requests). */
  requestShape(body: Record<string, unknown>): RequestShape;
  /** Reads a JSON reply body. */
  readReply(body: Record<string, unknown>): ReplyFindings;
  /** A fresh reader for one stream. */
  createStreamReader(): StreamSummaryReader;
}
