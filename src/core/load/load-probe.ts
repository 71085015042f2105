/**
 * A load probe: the same request sent many times over an existing connection, `concurrency` at
 * a time, for a number of requests or a duration, at an optional rate. The person starts it (a
 * probe never starts by itself) and may stop it at once: the signal aborts the requests in flight
 * and no other is sent. Its requests are one row of the MCP wire (TrafficLog.beginLoadRun), with
 * the figures written there as it goes; errors are grouped as the wire saw them (HTTP status and
 * JSON-RPC code, one example exchange each). For a 2026 stateless server the answers are compared
 * (checkConsistency): the same request must give the same result on every instance.
 */
import { Listeners } from '../shared/listeners';
import { checkConsistency } from '../snapshot';
import type { ConsistencyReport } from '../snapshot';
import type { LoadFigures, LoadGroup, LoadSample, TrafficLog } from '../traffic';
import { histogram, LatencyRecorder, percentile } from './stats';
import type { HistogramBin, LatencyPoint } from './stats';

/** The methods a probe sends. */
type LoadMethod = 'tools/list' | 'tools/call';

/** What a probe sends, and how much. */
export interface LoadSpec {
  method: LoadMethod;
  /** For tools/call: the tool and its arguments. */
  tool?: string;
  args?: Record<string, unknown>;
  /** Requests in flight at once, 1–64. */
  concurrency: number;
  /** How many requests (or `durationMs`: as many as fit). */
  requests?: number;
  durationMs?: number;
  /** Requests started per second at most (none: as fast as answers come). */
  rate?: number;
  /** How many answers are kept for the consistency check. Default 20. */
  consistencySamples?: number;
}

/** The bounds the page and the command hold a spec to. */
export const MAX_CONCURRENCY = 64;
const MAX_REQUESTS = 1_000_000;
const MAX_DURATION_MS = 3_600_000;

/** What is wrong with a spec, in one sentence, or undefined when it can run. */
export function checkLoadSpec(spec: LoadSpec): string | undefined {
  if (spec.method !== 'tools/list' && spec.method !== 'tools/call')
    return `The method must be tools/list or tools/call (got ${String(spec.method)}).`;
  if (spec.method === 'tools/call' && !spec.tool) return 'Choose the tool to call.';
  if (!Number.isInteger(spec.concurrency) || spec.concurrency < 1 || spec.concurrency > MAX_CONCURRENCY)
    return `Concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (got ${String(spec.concurrency)}).`;
  const hasRequests = spec.requests !== undefined;
  const hasDuration = spec.durationMs !== undefined;
  if (hasRequests === hasDuration) return 'Give either a number of requests or a duration.';
  if (hasRequests && (!Number.isInteger(spec.requests) || spec.requests! < 1 || spec.requests! > MAX_REQUESTS))
    return `The number of requests must be a whole number from 1 to ${MAX_REQUESTS.toLocaleString('en')} (got ${String(spec.requests)}).`;
  if (hasDuration && (!Number.isFinite(spec.durationMs) || spec.durationMs! < 100 || spec.durationMs! > MAX_DURATION_MS))
    return `The duration must be from 0.1 s to ${MAX_DURATION_MS / 60_000} minutes.`;
  if (spec.rate !== undefined && (!Number.isFinite(spec.rate) || spec.rate <= 0 || spec.rate > 100_000))
    return `The rate must be a number of requests per second above 0 and at most 100,000 (got ${String(spec.rate)}).`;
  if (spec.args !== undefined && (typeof spec.args !== 'object' || spec.args === null || Array.isArray(spec.args)))
    return 'The tool arguments must be a JSON object.';
  return undefined;
}

/** The connection a probe sends through (ServerConnection.sendProbeRequest). */
export interface LoadTarget {
  sendProbeRequest(
    method: LoadMethod,
    params: Record<string, unknown> | undefined,
    options: { signal: AbortSignal; loadRun: string },
  ): Promise<unknown>;
}

/** How many requests were on the wire at once, when something below the probe can tell (the page's Resource Timing). */
export interface WireConcurrency {
  /** Undefined when the wire could not be read (the probe's own count then stands). */
  reached?: number;
  /** Why fewer went at once than asked, or why it could not be measured (shown only then). */
  note?: string;
}

/** A probe's state, a new object after every change. */
export interface LoadState {
  run: string;
  spec: LoadSpec;
  running: boolean;
  stopped: boolean;
  elapsedMs: number;
  /** Requests answered (ok or error); aborted ones are counted apart. */
  completed: number;
  ok: number;
  errors: number;
  aborted: number;
  inFlight: number;
  /** The most requests the probe had in flight at once. */
  maxInFlight: number;
  concurrencyReached: number;
  concurrencyNote?: string;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  series: readonly LatencyPoint[];
  histogram: readonly HistogramBin[];
  /** Errors as the wire saw them, each with its example exchange when one was kept. */
  groups: ReadonlyArray<LoadGroup & { example?: LoadSample }>;
  /** The row of the MCP wire this probe writes. */
  exchangeId?: number;
  /** Once ended: the answers compared (undefined while running or when fewer than 2 came). */
  consistency?: ConsistencyReport;
}

/** Options of a probe. */
export interface LoadProbeOptions {
  /** The server's name and URL, for the wire's row. */
  server: string;
  url: string;
  log: TrafficLog;
  now?: () => number;
  /** How often the state and the wire's row are updated while it runs, in ms. Default 200. */
  updateEveryMs?: number;
  /** What the wire saw of the concurrency (undefined: the probe's own count stands). */
  wireConcurrency?: () => WireConcurrency | undefined;
  /** A run id (default: a fresh one). */
  run?: string;
}

let runCounter = 0;

/** A string describing an error a request threw. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** One load probe over one connection. */
export class LoadProbe {
  private readonly listeners = new Listeners();
  private readonly controller = new AbortController();
  private readonly latencies = new LatencyRecorder();
  private readonly answers: unknown[] = [];
  private readonly clientErrors = new Map<string, number>();
  private readonly now: () => number;
  private state: LoadState;
  private startedAt = 0;
  private started = false;
  /** Counters, published in the next state. */
  private readonly counts = { ok: 0, errors: 0, aborted: 0, inFlight: 0, maxInFlight: 0 };

  constructor(
    private readonly target: LoadTarget,
    readonly spec: LoadSpec,
    private readonly options: LoadProbeOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    const problem = checkLoadSpec(spec);
    if (problem) throw new Error(problem);
    this.state = {
      run: options.run ?? `load-${Date.now().toString(36)}-${++runCounter}`,
      spec,
      running: false,
      stopped: false,
      elapsedMs: 0,
      completed: 0,
      ok: 0,
      errors: 0,
      aborted: 0,
      inFlight: 0,
      maxInFlight: 0,
      concurrencyReached: 0,
      throughput: 0,
      p50: 0,
      p95: 0,
      p99: 0,
      series: [],
      histogram: [],
      groups: [],
    };
  }

  readonly subscribe = this.listeners.subscribe;
  getState = (): LoadState => this.state;
  /** The same, under the name React's useSyncExternalStore stores use. */
  getSnapshot = (): LoadState => this.state;

  /** Stops at once: requests in flight are aborted, no other is sent. */
  stop(): void {
    if (!this.state.running) return;
    this.controller.abort(new DOMException('The load probe was stopped', 'AbortError'));
  }

  /** Runs the probe to its end (or its stop); resolves with the final state. Runs once. */
  async start(): Promise<LoadState> {
    if (this.started) throw new Error('A load probe runs once: make a new one to run again.');
    this.started = true;
    const { spec, options } = this;
    const run = this.state.run;
    const signal = this.controller.signal;
    this.startedAt = this.now();
    const exchangeId = options.log.beginLoadRun(run, {
      wire: 'mcp',
      source: options.server,
      method: 'LOAD',
      url: options.url,
      startedAt: Date.now(),
      requestHeaders: {},
      state: 'streaming',
      note: `Load probe: ${this.label()}`,
    });
    this.state = { ...this.state, running: true, exchangeId };
    this.listeners.notify();

    let issued = 0;
    const deadline = spec.durationMs !== undefined ? this.startedAt + spec.durationMs : Infinity;
    const params = this.params();
    const keep = spec.consistencySamples ?? 20;
    const counts = this.counts;
    const worker = async (): Promise<void> => {
      for (;;) {
        if (signal.aborted) return;
        if (spec.requests !== undefined && issued >= spec.requests) return;
        const index = issued++;
        if (spec.rate !== undefined) await this.waitUntil(this.startedAt + (index * 1000) / spec.rate, signal);
        if (signal.aborted || this.now() >= deadline) return;
        counts.inFlight += 1;
        counts.maxInFlight = Math.max(counts.maxInFlight, counts.inFlight);
        const sentAt = this.now();
        try {
          // Each request has its own arguments object: a tools/call is told apart by it on the wire.
          const answer = await this.target.sendProbeRequest(
            spec.method,
            params && { ...params, ...(params['arguments'] ? { arguments: { ...(params['arguments'] as object) } } : {}) },
            { signal, loadRun: run },
          );
          const ended = this.now();
          this.latencies.add(ended - this.startedAt, ended - sentAt);
          // A tool's own error result (`isError`) is an error of the probe too; the wire groups it as `tool error`.
          if ((answer as { isError?: unknown } | undefined)?.isError === true) counts.errors += 1;
          else counts.ok += 1;
          if (this.answers.length < keep) this.answers.push(answer);
        } catch (error) {
          if (signal.aborted) counts.aborted += 1;
          else {
            const ended = this.now();
            this.latencies.add(ended - this.startedAt, ended - sentAt);
            counts.errors += 1;
            const key = messageOf(error).slice(0, 200);
            this.clientErrors.set(key, (this.clientErrors.get(key) ?? 0) + 1);
          }
        } finally {
          counts.inFlight -= 1;
        }
      }
    };
    const timer = setInterval(() => this.publish(false), options.updateEveryMs ?? 200);
    try {
      await Promise.all(Array.from({ length: spec.concurrency }, worker));
    } finally {
      clearInterval(timer);
    }
    this.publish(true);
    return this.state;
  }

  /** The params of the request sent. */
  private params(): Record<string, unknown> | undefined {
    return this.spec.method === 'tools/call' ? { name: this.spec.tool, arguments: this.spec.args ?? {} } : undefined;
  }

  /** Waits until `at` (on this probe's clock), or until the signal aborts. */
  private waitUntil(at: number, signal: AbortSignal): Promise<void> {
    const wait = at - this.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timeout);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timeout = setTimeout(done, wait);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** What the probe sends, in a few words. */
  private label(): string {
    const { spec } = this;
    const what = spec.method === 'tools/call' ? `tools/call ${spec.tool ?? ''}` : spec.method;
    const much = spec.requests !== undefined ? `${spec.requests} × ${what}` : `${what} for ${(spec.durationMs ?? 0) / 1000} s`;
    return `${much}, concurrency ${spec.concurrency}${spec.rate !== undefined ? `, at most ${spec.rate}/s` : ''}`;
  }

  /** Computes the figures, writes them on the wire's row and tells the listeners. */
  private publish(final: boolean): void {
    const { spec, options } = this;
    const elapsedMs = this.now() - this.startedAt;
    const sorted = this.latencies.sortedValues();
    const counts = this.counts;
    const completed = counts.ok + counts.errors;
    const wire = options.wireConcurrency?.();
    const reached = wire?.reached ?? counts.maxInFlight;
    const aggregate = options.log.loadRunOf(this.state.run);
    const groups: Array<LoadGroup & { example?: LoadSample }> = (aggregate?.groups ?? []).map((group) => {
      const example = aggregate?.samples.find((sample) => sample.group === group.key);
      return { ...group, ...(example && { example }) };
    });
    // Errors the client raised on an answer the wire found fine (a result that failed validation).
    const wireErrors = groups.reduce((sum, group) => sum + group.count, 0);
    if (counts.errors > wireErrors) {
      const [message] = [...this.clientErrors.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['failed'];
      groups.push({ key: 'client', count: counts.errors - wireErrors, message });
    }
    const stopped = this.controller.signal.aborted;
    this.state = {
      ...this.state,
      ...counts,
      running: !final,
      stopped,
      elapsedMs,
      completed,
      throughput: elapsedMs > 0 ? (completed * 1000) / elapsedMs : 0,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      series: [...this.latencies.series],
      histogram: histogram(sorted),
      groups,
      concurrencyReached: reached,
      ...(wire?.note !== undefined && (wire.reached === undefined || reached < spec.concurrency) ? { concurrencyNote: wire.note } : {}),
      ...(final && this.answers.length >= 2 ? { consistency: checkConsistency(this.answers) } : {}),
    };
    const s = this.state;
    const figures: LoadFigures = {
      method: spec.method,
      ...(spec.tool !== undefined && { tool: spec.tool }),
      concurrencyAsked: spec.concurrency,
      concurrencyReached: s.concurrencyReached,
      ...(s.concurrencyNote !== undefined && { concurrencyNote: s.concurrencyNote }),
      ...(spec.requests !== undefined && { requestsAsked: spec.requests }),
      ...(spec.durationMs !== undefined && { durationAskedMs: spec.durationMs }),
      ...(spec.rate !== undefined && { rate: spec.rate }),
      completed: s.completed,
      ok: s.ok,
      errors: s.errors,
      durationMs: Math.round(elapsedMs),
      throughput: Math.round(s.throughput * 10) / 10,
      p50: round(s.p50),
      p95: round(s.p95),
      p99: round(s.p99),
      stopped,
      running: s.running,
    };
    const summary = `${s.completed} answered (${s.errors} errors), ${figures.throughput}/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, concurrency ${s.concurrencyReached} of ${spec.concurrency}`;
    options.log.updateLoadRun(s.run, figures, {
      note: `Load probe: ${this.label()}${final ? (stopped ? ' (stopped)' : '') : ' (running)'}: ${summary}`,
      ...(final && { state: 'done', durationMs: Math.round(elapsedMs) }),
    });
    this.listeners.notify();
  }
}

const round = (ms: number): number => Math.round(ms * 100) / 100;
