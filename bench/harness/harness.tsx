/**
 * The bench harness page: drives Glassbox's real pieces (the app's services — ServerConnection,
 * TrafficLog, recording fetch, ConnectionManager, AgentSession — and the real TrafficPanel)
 * from inside the browser, and exposes them as `window.glassboxBench` for bench/run.mjs and
 * e2e/traffic-scale.spec.ts. Not part of the app build: bench/build.mjs builds it apart.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createServices } from '../../src/core/composition';
import type { Services } from '../../src/core/composition';
import { parseMcpConfig } from '../../src/core/config/parse-mcp-config';
import { TrafficLog } from '../../src/core/traffic';
import { TrafficPanel } from '../../src/features/traffic';
import '../../src/ui/theme.css';
import { fillSyntheticTraffic } from './synthetic-traffic';
import { toolBillOffline } from './tool-bill';
import { chatTurns, evalsRun } from './evals-bench';
import type { SyntheticTrafficSummary } from './synthetic-traffic';

/** Options of one MCP round-trip run. */
interface RoundTripOptions {
  url: string;
  /** Timed calls made by each client. */
  calls: number;
  /** Calls each client makes before the timed ones (not timed). */
  warmup: number;
  /** Calls per block: the clients take turns, a block each. */
  block: number;
  tool: string;
  args: Record<string, unknown>;
}

/** Result of one MCP round-trip run: each client's total over `calls` calls. */
export interface RoundTripResult {
  /** The SDK client alone (no recording). */
  bareMs: number;
  /** The app's ServerConnection with its TrafficLog and recording fetch. */
  glassboxMs: number;
  /** Messages and exchanges in Glassbox's log afterwards. */
  recordedMessages: number;
  recordedExchanges: number;
}

/** Result of one agent turn with tool calls. */
interface AgentTurnResult {
  /** First tool start → last tool end, from the session's timeline spans. */
  toolPhaseMs: number;
  /** The whole turn (user message → end of the last model response). */
  turnMs: number;
  toolCalls: number;
  statuses: string[];
  /** The longest single tool span. */
  longestToolMs: number;
  /** Each tool span, in milliseconds from the first tool start. */
  spans: Array<{ start: number; end: number }>;
}

/** Result of one scroll probe. */
interface ProbeResult {
  ms: number;
  frames: number;
  /** Longest gap between two frames, in milliseconds. */
  maxFrameGapMs: number;
  /** Durations of the long tasks (over 50 ms) seen during the probe. */
  longTasks: number[];
  /** How far the list scrolled, in pixels. */
  scrolledPx: number;
}

/** The connect measurements of the bench: which servers, how many runs. */
export interface ConnectPlan {
  /** Servers on loopback (no latency). */
  loopback: string[];
  /** The same kind of servers holding each request, like remote hosts. */
  remote: string[];
  runs: number;
}

/** One connect run: one server and all of them, through Glassbox and through bare SDK clients. */
export interface ConnectRun {
  one: ConnectResult;
  ten: ConnectResult;
  bareOne: { ms: number };
  bareTen: { ms: number };
  remoteOne: ConnectResult;
  remoteTen: ConnectResult;
  bareRemoteOne: { ms: number };
  bareRemoteTen: { ms: number };
}

/** Glassbox connecting servers: the time until every one has its tools listed. */
interface ConnectResult {
  ms: number;
  connected: number;
  failed: string[];
}

/**
 * A page that runs a plan by itself when opened with `#autorun=<base64url JSON>` and posts the
 * result to `report`: the bench opens it in a Chromium with no automation attached (see run.mjs).
 */
type Autorun = (
  | { task: 'connect'; plan: ConnectPlan }
  /** `runs` round-trip pairs (see mcpRoundTripPair). */
  | { task: 'mcp'; options: RoundTripOptions; runs: number }
) & {
  /** Where to POST progress lines ({ progress }) and the outcome ({ result } or { error }). */
  report: string;
};

/** What the page exposes to the bench and the browser test. */
interface GlassboxBench {
  /**
   * Both clients connected at once, calls made in alternating blocks (bare, then Glassbox),
   * so both see the same machine load.
   */
  mcpRoundTripPair(options: RoundTripOptions): Promise<RoundTripResult>;
  /** `runs` round-trip pairs, one after the other. */
  mcpRoundTrips(options: RoundTripOptions, runs: number, onRun?: (run: number, ms: number) => void): Promise<RoundTripResult[]>;
  agentTurn(options: { labUrl: string; modelUrl: string; expectedCalls: number }): Promise<AgentTurnResult>;
  connectServers(options: { urls: string[] }): Promise<ConnectResult>;
  /** Every connect measurement of the bench, run after run (see ConnectPlan). */
  connectPlan(plan: ConnectPlan, onRun?: (run: number, ms: number) => void): Promise<ConnectRun[]>;
  /** Reference: the bare SDK client connecting to each URL at once (connect + tools/list, like a ServerConnection). */
  bareConnect(options: { urls: string[] }): Promise<{ ms: number }>;
  /** Reference: the bare SDK client making `calls` tools/call at once on one connection. */
  bareParallel(options: { url: string; calls: number; tool: string; args: Record<string, unknown> }): Promise<{ ms: number }>;
  mountTraffic(): void;
  fillTraffic(messages: number): Promise<{ fillMs: number; renderMs: number; summary: SyntheticTrafficSummary }>;
  filterMethod(method: string, expectedVisible: number, total: number): Promise<{ ms: number }>;
  startProbe(): void;
  stopProbe(): ProbeResult;
  heapBytes(): number | undefined;
  /** The token bill of 100 tools, offline (tool-bill.ts). */
  toolBillOffline: typeof toolBillOffline;
  /** The evals bench (evals-bench.ts): `cases` cases × 2 targets by the eval runner, or the same turns from the chat. */
  evalsTurns(options: {
    weatherUrl: string;
    modelUrl: string;
    cases: number;
    by: 'evals' | 'chat';
  }): Promise<{ ms: number; passed?: number; toolCalls?: number }>;
}

declare global {
  interface Window {
    glassboxBench: GlassboxBench;
    gc?: () => void;
  }
  interface Performance {
    memory?: { usedJSHeapSize: number };
  }
}

/** Server configs for a name → URL map, through the app's own parser. */
function serversFor(map: Record<string, string>) {
  const text = JSON.stringify({ mcpServers: Object.fromEntries(Object.entries(map).map(([name, url]) => [name, { url }])) });
  const parsed = parseMcpConfig(text);
  if (!parsed.config) throw new Error(`bench config did not parse: ${JSON.stringify(parsed.problems)}`);
  return parsed.config.servers;
}

/** Resolves after the next frame has been painted (rAF, then a task). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Resolves once `check` is true, looking after every DOM change (and every frame, as a fallback). */
function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let frame = 0;
    const finish = (error?: Error) => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const observer = new MutationObserver(() => {
      if (check()) finish();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const poll = () => {
      if (check()) finish();
      else frame = requestAnimationFrame(poll);
    };
    frame = requestAnimationFrame(poll);
    const timer = setTimeout(() => finish(new Error('waitFor timed out')), timeoutMs);
  });
}

/** The traffic count label's text for these numbers, as the panel writes it. */
function countLabel(visible: number, total: number, filtered: boolean): string {
  return filtered ? `${visible.toLocaleString()} of ${total.toLocaleString()}` : `${total.toLocaleString()} rows`;
}

/** Waits for a server to reach a final state. */
async function connected(services: Services, name: string): Promise<void> {
  const final = () => {
    const state = services.connections.getSnapshot().servers.find((s) => s.name === name);
    return state !== undefined && state.status !== 'connecting' && state.status !== 'idle';
  };
  if (final()) return;
  await new Promise<void>((resolve) => {
    const off = services.connections.subscribe(() => {
      if (final()) {
        off();
        resolve();
      }
    });
  });
}

/** Sets a select's value the way a person's choice does (React sees a change event). */
function choose(select: HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
  setter?.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

let trafficRoot: Root | undefined;
let trafficLog: TrafficLog | undefined;
let probe:
  | {
      start: number;
      frames: number;
      lastFrame: number;
      maxGap: number;
      running: boolean;
      longTasks: number[];
      observer?: PerformanceObserver;
      scrollStart: number;
    }
  | undefined;

const bench: GlassboxBench = {
  async mcpRoundTripPair({ url, calls, warmup, tool, args, block }) {
    const client = new Client({ name: 'bench-bare', version: '0.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
    client.onerror = () => undefined;
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    // Like any client (and Glassbox's connection), list the tools first: the SDK then checks each
    // result against its tool's output schema, work the bare client would otherwise skip.
    await client.listTools();
    const services = createServices();
    await services.connections.apply(serversFor({ bench: url }));
    const connection = services.connections.get('bench');
    if (!connection || connection.getState().status !== 'connected')
      throw new Error(`glassbox client did not connect: ${JSON.stringify(connection?.getState().diagnosis)}`);
    for (let i = 0; i < warmup; i++) {
      await client.callTool({ name: tool, arguments: args });
      await connection.callTool(tool, args);
    }
    let bareMs = 0;
    let glassboxMs = 0;
    const bareBlock = async (size: number) => {
      const start = performance.now();
      for (let i = 0; i < size; i++) await client.callTool({ name: tool, arguments: args });
      bareMs += performance.now() - start;
    };
    const glassboxBlock = async (size: number) => {
      const start = performance.now();
      for (let i = 0; i < size; i++) await connection.callTool(tool, args);
      glassboxMs += performance.now() - start;
    };
    // Blocks alternate, and so does which client goes first in each pair: a block pays for the
    // garbage the block before it left (collected during it), so neither client always follows the other.
    for (let done = 0, pair = 0; done < calls; done += block, pair += 1) {
      const size = Math.min(block, calls - done);
      if (pair % 2 === 0) {
        await bareBlock(size);
        await glassboxBlock(size);
      } else {
        await glassboxBlock(size);
        await bareBlock(size);
      }
    }
    const snapshot = services.log.getSnapshot();
    await transport.terminateSession().catch(() => undefined);
    await client.close();
    await services.connections.disconnectAll();
    return { bareMs, glassboxMs, recordedMessages: snapshot.messageCount, recordedExchanges: snapshot.exchangeCount };
  },

  async agentTurn({ labUrl, modelUrl, expectedCalls }) {
    const services = createServices();
    await services.connections.apply(serversFor({ slow: labUrl }));
    await connected(services, 'slow');
    if (services.connections.get('slow')?.getState().status !== 'connected') throw new Error('lab slow server did not connect');
    services.policies.setPolicy('slow', 'sleep', 'allow');
    services.session.setSettings({ provider: 'anthropic', baseUrl: modelUrl, apiKey: 'test-key', model: 'claude-test' });
    const start = performance.now();
    await services.session.send('Sleep in parallel, please.');
    const turnMs = performance.now() - start;
    const snapshot = services.session.getSnapshot();
    const timeline = snapshot.timelines[snapshot.timelines.length - 1];
    const spans = (timeline?.spans ?? []).filter((span) => span.kind === 'tool');
    const calls = snapshot.items.filter((item) => item.kind === 'tool-call');
    await services.connections.disconnectAll();
    if (spans.length !== expectedCalls || spans.some((span) => span.end === undefined)) {
      throw new Error(
        `expected ${expectedCalls} finished tool spans, got ${JSON.stringify(spans)}; items ${JSON.stringify(snapshot.items)}`,
      );
    }
    const first = Math.min(...spans.map((span) => span.start));
    const last = Math.max(...spans.map((span) => span.end ?? span.start));
    return {
      toolPhaseMs: last - first,
      turnMs,
      toolCalls: calls.length,
      statuses: calls.map((item) => (item.kind === 'tool-call' ? item.status : '')),
      longestToolMs: Math.max(...spans.map((span) => (span.end ?? span.start) - span.start)),
      spans: spans.map((span) => ({ start: span.start - first, end: (span.end ?? span.start) - first })),
    };
  },

  async evalsTurns({ weatherUrl, modelUrl, cases, by }) {
    const services = createServices();
    await services.connections.apply(serversFor({ weather: weatherUrl }));
    await connected(services, 'weather');
    try {
      return by === 'evals' ? await evalsRun(services, modelUrl, cases) : await chatTurns(services, modelUrl, cases);
    } finally {
      await services.connections.disconnectAll();
    }
  },

  async bareConnect({ urls }) {
    const clients = urls.map(
      () => new Client({ name: 'bench-bare', version: '0.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } }),
    );
    const transports = urls.map((url) => new StreamableHTTPClientTransport(new URL(url)));
    for (const client of clients) client.onerror = () => undefined;
    const start = performance.now();
    await Promise.all(
      clients.map(async (client, index) => {
        await client.connect(transports[index]!);
        await client.listTools();
      }),
    );
    const ms = performance.now() - start;
    await Promise.all(transports.map((transport) => transport.terminateSession().catch(() => undefined)));
    await Promise.all(clients.map((client) => client.close()));
    return { ms };
  },

  async bareParallel({ url, calls, tool, args }) {
    const client = new Client({ name: 'bench-bare', version: '0.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
    client.onerror = () => undefined;
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    await client.listTools();
    const start = performance.now();
    await Promise.all(Array.from({ length: calls }, () => client.callTool({ name: tool, arguments: args })));
    const ms = performance.now() - start;
    await transport.terminateSession().catch(() => undefined);
    await client.close();
    return { ms };
  },

  async connectServers({ urls }) {
    const services = createServices();
    const map = Object.fromEntries(urls.map((url, index) => [`server${index + 1}`, url]));
    const servers = serversFor(map);
    const start = performance.now();
    await services.connections.apply(servers);
    const ms = performance.now() - start;
    const states = services.connections.getSnapshot().servers;
    const failed = states.filter((s) => s.status !== 'connected').map((s) => `${s.name}: ${s.status} ${s.diagnosis?.title ?? ''}`);
    await services.connections.disconnectAll();
    return { ms, connected: states.length - failed.length, failed };
  },

  async mcpRoundTrips(options, runs, onRun) {
    const trips: RoundTripResult[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      trips.push(await bench.mcpRoundTripPair(options));
      onRun?.(run, performance.now() - started);
    }
    return trips;
  },

  async connectPlan({ loopback, remote, runs }, onRun) {
    const connect = (urls: string[]) => bench.connectServers({ urls });
    const bare = (urls: string[]) => bench.bareConnect({ urls });
    // Warm-up, not counted: the page's code is compiled, and the browser has each server's
    // preflight answer cached (the demo servers send Access-Control-Max-Age), as on any later visit.
    await connect(loopback.slice(0, 1));
    await connect(remote);
    await bare(remote);
    /** One server and all of them; which goes first alternates from run to run. */
    const pairOf = async <T,>(measure: (urls: string[]) => Promise<T>, urls: string[], oneFirst: boolean) => {
      if (oneFirst) {
        const one = await measure(urls.slice(0, 1));
        return { one, ten: await measure(urls) };
      }
      const ten = await measure(urls);
      return { one: await measure(urls.slice(0, 1)), ten };
    };
    const results: ConnectRun[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const oneFirst = run % 2 === 0;
      const local = await pairOf(connect, loopback, oneFirst);
      const bareLocal = await pairOf(bare, loopback, oneFirst);
      const glassboxRemote = await pairOf(connect, remote, oneFirst);
      const bareRemote = await pairOf(bare, remote, oneFirst);
      results.push({
        one: local.one,
        ten: local.ten,
        bareOne: bareLocal.one,
        bareTen: bareLocal.ten,
        remoteOne: glassboxRemote.one,
        remoteTen: glassboxRemote.ten,
        bareRemoteOne: bareRemote.one,
        bareRemoteTen: bareRemote.ten,
      });
      onRun?.(run, performance.now() - started);
    }
    return results;
  },

  mountTraffic() {
    trafficRoot?.unmount();
    trafficLog = new TrafficLog();
    const host = document.getElementById('root')!;
    trafficRoot = createRoot(host);
    trafficRoot.render(
      <div className="bench-traffic">
        <TrafficPanel log={trafficLog} appVersion="bench" />
      </div>,
    );
  },

  async fillTraffic(messages) {
    if (!trafficLog) throw new Error('mountTraffic first');
    const log = trafficLog;
    await afterPaint();
    const start = performance.now();
    const summary = fillSyntheticTraffic(log, messages);
    const filled = performance.now();
    const expected = countLabel(summary.rows, summary.rows, false);
    await waitFor(
      () =>
        document.querySelector('[data-testid="traffic-count"]')?.textContent === expected &&
        document.querySelector('[data-testid="traffic-row"]') !== null,
    );
    await afterPaint();
    return { fillMs: filled - start, renderMs: performance.now() - filled, summary };
  },

  async filterMethod(method, expectedVisible, total) {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="traffic-filter-method"]');
    if (!select) throw new Error('no method filter');
    const expected = countLabel(expectedVisible, total, method !== '');
    const start = performance.now();
    choose(select, method);
    await waitFor(() => {
      if (document.querySelector('[data-testid="traffic-count"]')?.textContent !== expected) return false;
      const first = document.querySelector<HTMLElement>('[data-testid="traffic-row"]');
      return first !== null && (method === '' || first.dataset.method === method);
    });
    await afterPaint();
    return { ms: performance.now() - start };
  },

  startProbe() {
    const list = document.querySelector<HTMLElement>('[data-testid="traffic-list"]');
    const state = {
      start: performance.now(),
      frames: 0,
      lastFrame: performance.now(),
      maxGap: 0,
      running: true,
      longTasks: [] as number[],
      scrollStart: list?.scrollTop ?? 0,
      observer: undefined as PerformanceObserver | undefined,
    };
    const observer = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) if (entry.startTime >= state.start) state.longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    state.observer = observer;
    const tick = (time: number) => {
      if (!state.running) return;
      state.frames += 1;
      state.maxGap = Math.max(state.maxGap, time - state.lastFrame);
      state.lastFrame = time;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    probe = state;
  },

  stopProbe() {
    if (!probe) throw new Error('startProbe first');
    const state = probe;
    state.running = false;
    for (const entry of state.observer?.takeRecords() ?? []) if (entry.startTime >= state.start) state.longTasks.push(entry.duration);
    state.observer?.disconnect();
    probe = undefined;
    const list = document.querySelector<HTMLElement>('[data-testid="traffic-list"]');
    return {
      ms: performance.now() - state.start,
      frames: state.frames,
      maxFrameGapMs: state.maxGap,
      longTasks: state.longTasks,
      scrolledPx: Math.abs((list?.scrollTop ?? 0) - state.scrollStart),
    };
  },

  heapBytes() {
    window.gc?.();
    return performance.memory?.usedJSHeapSize;
  },

  toolBillOffline,
};

window.glassboxBench = bench;
document.documentElement.dataset.benchReady = 'true';

/** Runs the plan in the page's address (`#autorun=…`), if any, and posts what happens. */
async function autorun(): Promise<void> {
  const encoded = /^#autorun=([\w-]+)$/.exec(location.hash)?.[1];
  if (encoded === undefined) return;
  const order = JSON.parse(atob(encoded.replace(/-/g, '+').replace(/_/g, '/'))) as Autorun;
  const post = (body: unknown) => fetch(order.report, { method: 'POST', mode: 'no-cors', body: JSON.stringify(body) });
  const progress = (run: number, runs: number, ms: number) =>
    void post({ progress: `run ${run + 1}/${runs} (${(ms / 1000).toFixed(1)} s)` });
  try {
    if (order.task === 'connect') {
      await post({ result: await bench.connectPlan(order.plan, (run, ms) => progress(run, order.plan.runs, ms)) });
    } else {
      await post({ result: await bench.mcpRoundTrips(order.options, order.runs, (run, ms) => progress(run, order.runs, ms)) });
    }
  } catch (error) {
    await post({ error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
  }
}
void autorun();
