/**
 * The server check's records: findings, the report, and what a run is given. Pure data, so the
 * page, the headless command and the exports share them.
 */
import type { NeutralToolDefinition } from '../conversation';
import type { TrafficLog, SecretRegistry } from '../traffic';

/** How bad a finding is. `pass` is a check that ran and found nothing wrong. */
export type CheckSeverity = 'fail' | 'warn' | 'info' | 'pass';

/** Severities from worst to best (the report's sort order and `--fail-on`'s threshold). */
export const SEVERITIES: readonly CheckSeverity[] = ['fail', 'warn', 'info', 'pass'];

/** The report's sections. */
export type CheckCategory = 'protocol' | 'definitions' | 'results' | 'context' | 'cache' | 'browser' | 'security';

/** The categories in the report's order, with their headings. */
export const CHECK_CATEGORIES: ReadonlyArray<{ id: CheckCategory; label: string }> = [
  { id: 'protocol', label: 'Protocol' },
  { id: 'definitions', label: 'Definitions' },
  { id: 'results', label: 'Results on the wire' },
  { id: 'context', label: 'Context cost' },
  { id: 'cache', label: 'Cache stability' },
  { id: 'browser', label: 'Browser readiness' },
  { id: 'security', label: 'Security' },
];

/** The protocol era the server was checked in. */
export type CheckEra = '2025-11-25' | '2026-07-28';

/** The rule a finding cites: a spec section of the server's own era, or a provider's documented rule. */
export interface CheckRule {
  label: string;
  url: string;
}

/** One finding: what a check expected, what came back, the rule, the fix, and the exchanges that show it. */
export interface CheckFinding {
  /** The check's stable id (`protocol.unknown-method`); with `subject`, stable across runs. */
  id: string;
  severity: CheckSeverity;
  category: CheckCategory;
  /** What the finding is about when a check yields one per item (a tool's name, a resource URI). */
  subject?: string;
  title: string;
  expected: string;
  actual: string;
  rule: CheckRule;
  /** One sentence; absent on a pass. */
  fix?: string;
  /** Ids of the recorded exchanges on the MCP wire that show it (the check's own are marked `checkRun`). */
  exchangeIds: number[];
  /** Only the headless command can make this check (a header a browser may not set). */
  nodeOnly?: boolean;
}

/** Passed, warnings, failures (and notes) of one category. */
export interface CategorySummary {
  category: CheckCategory;
  label: string;
  pass: number;
  info: number;
  warn: number;
  fail: number;
}

/** One format's cost of a tool list, in tokens. */
export interface FormatCost {
  /** The wire format's registry id (`anthropic`, `openai`, `openai-responses`). */
  format: string;
  tokens: number;
  /** The five most expensive tools. */
  top: Array<{ tool: string; tokens: number }>;
  /** Share of a typical context window (`contextWindow` tokens), 0..1. */
  share: number;
  contextWindow: number;
}

/** What changed between two reports of the same server. */
export interface ReportChanges {
  /** Findings (by id and subject) that were not failing or warning before and are now. */
  appeared: CheckFinding[];
  /** Findings that failed or warned before and no longer do. */
  resolved: CheckFinding[];
  /** Findings whose severity changed, with the one before. */
  changed: Array<{ finding: CheckFinding; before: CheckSeverity }>;
}

/** A run's result. */
export interface CheckReport {
  /** The check run's id; its own exchanges carry it as `checkRun`. */
  runId: string;
  server: string;
  url: string;
  /** The era the server answered in (undefined when it answered neither). */
  era?: CheckEra;
  serverInfo?: { name?: string; version?: string };
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
  /** Where it ran: the page cannot make the `nodeOnly` checks. */
  environment: 'page' | 'node';
  findings: CheckFinding[];
  summary: CategorySummary[];
  /** Context cost of this server's tool list per wire format (and of the whole config, when given). */
  cost: { server: FormatCost[]; config?: FormatCost[] };
  /** Against `previous`, when one was given. */
  changes?: ReportChanges;
}

/** A tool the person chose to call during the check, with its arguments. */
export interface ChosenToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** Another server of the same config, for name collisions and the config's context cost. */
export interface ConfigNeighbour {
  server: string;
  tools: ReadonlyArray<{ name: string; description?: string; inputSchema?: unknown }>;
}

/**
 * A raw HTTP request that a browser may not send (a foreign `Host`, `Origin`): the headless
 * command passes one built on node:http; the page passes none and those checks are skipped.
 */
export type RawHttp = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/** A fetch, as the SDK's transports take one. */
type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A fetch wrapped around another (the SDK's Middleware shape). */
export type FetchMiddleware = (next: FetchLike) => FetchLike;

/** Everything a run needs. */
export interface CheckOptions {
  /** The server's name in the config (the MCP wire's `source`). */
  server: string;
  url: string;
  /** Headers every request carries (an `Authorization` the config or the sign-in gave). */
  headers?: Record<string, string>;
  /** The fetch the probes go through (not yet recorded: the run adds its own wire tap). */
  fetch: typeof fetch;
  /**
   * A signed-in server's sign-in (the connection's middleware, outside the run's wire tap): every
   * probe carries the connection's token (Bearer, or DPoP with a proof) and a 401 may refresh it.
   * None: the probes go signed out, and a 401 leads to the auth checks.
   */
  auth?: FetchMiddleware;
  /** The log the probes are recorded in, and where recorded `tools/call` results are read from. */
  log: TrafficLog;
  secrets: SecretRegistry;
  /** Which era to speak; `auto` (default) tries 2026-07-28, then 2025-11-25. */
  era?: 'auto' | CheckEra;
  /** How many times each list is fetched again for cache stability (default 3). */
  repeats?: number;
  /** Tools the person ticked, with arguments; no other tool is called (default none). */
  toolCalls?: readonly ChosenToolCall[];
  /** The config's other servers (collisions, the config's context cost). */
  neighbours?: readonly ConfigNeighbour[];
  /** The last report of this server, to say what changed. */
  previous?: CheckReport;
  /** Node only: the raw requester for the checks a browser cannot make. */
  rawHttp?: RawHttp;
  /** Counts a tool definition's tokens for a wire format (the token bill's tokenizer); default: about four characters a token. */
  countTokens?: (format: string, definition: NeutralToolDefinition) => number;
  /** Context window the share is taken of (default 200,000 tokens). */
  contextWindow?: number;
  /** Per-probe timeout in milliseconds (default 10,000). */
  timeoutMs?: number;
  /** Cancels the run. */
  signal?: AbortSignal;
  now?: () => number;
  /** Checks left out, by id prefix (`browser.`): a stdio server served by a bridge for the check has no CORS or Host of its own. */
  omitChecks?: readonly string[];
  /** Called as each finding is made (a progress line, a row drawn early). */
  onFinding?: (finding: CheckFinding) => void;
}
