/**
 * `npm run load` without the page: connects to one server (a URL, or an mcp.json entry named with
 * `--server`), runs one load probe over that connection with the same core the page uses, prints
 * its figures and writes them as JSON when asked. Exit codes, like `npm run diff`'s: 0 when every
 * request was answered without error (and, on a 2026 server, the answers agree); 1 when errors were
 * seen (or a 2026 server's answers differ); 2 when the command is wrong or the server cannot be
 * reached. All I/O is injected (scripts/load/cli.mjs passes Node's).
 */
import type { ServerConfig } from '../config';
import { ConnectionManager } from '../mcp';
import { redactUrl } from '../secrets';
import { serverOfConfig, serverOfUrl, SideError } from '../snapshot/headless';
import type { HeadlessIo } from '../shared/headless-io';
import { SecretRegistry, TrafficLog } from '../traffic';
import { checkLoadSpec, LoadProbe } from './load-probe';
import type { LoadSpec, LoadState } from './load-probe';

/** The usage lines printed with a bad command. */
export const LOAD_USAGE =
  'usage: npm run load -- <url | mcp.json> [--server S] [--tool T [--args JSON]] --concurrency N (--requests M | --duration SECONDS) [--rate R] [--json out.json]\n' +
  'Without --tool it sends tools/list. --server names the mcp.json entry (required with a file).';

/** The command's options. */
export interface LoadOptions {
  target: string;
  server?: string;
  json?: string;
  spec: LoadSpec;
}

const NUMBER_FLAGS = ['--concurrency', '--requests', '--duration', '--rate'] as const;
const TEXT_FLAGS = ['--server', '--tool', '--args', '--json'] as const;

/** Parses the command line; a string is what is wrong with it. */
export function parseLoadArguments(argv: readonly string[]): LoadOptions | string {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if ((NUMBER_FLAGS as readonly string[]).includes(flag) || (TEXT_FLAGS as readonly string[]).includes(flag)) {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') return `${flag} needs a value`;
      values.set(flag, value);
    } else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else positional.push(arg);
  }
  if (positional.length !== 1) return `name one server: a URL or an mcp.json file (got ${positional.length})`;
  const numbers: Partial<Record<(typeof NUMBER_FLAGS)[number], number>> = {};
  for (const flag of NUMBER_FLAGS) {
    const text = values.get(flag);
    if (text === undefined) continue;
    const value = Number(text);
    if (!Number.isFinite(value)) return `${flag} must be a number (got ${text})`;
    numbers[flag] = value;
  }
  let args: Record<string, unknown> | undefined;
  const argsText = values.get('--args');
  if (argsText !== undefined) {
    if (values.get('--tool') === undefined) return '--args goes with --tool';
    try {
      args = JSON.parse(argsText) as Record<string, unknown>;
    } catch (error) {
      return `--args is not JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if (numbers['--concurrency'] === undefined) return '--concurrency is required (1 to 64)';
  const tool = values.get('--tool');
  const spec: LoadSpec = {
    method: tool !== undefined ? 'tools/call' : 'tools/list',
    concurrency: numbers['--concurrency'],
    ...(tool !== undefined && { tool, args: args ?? {} }),
    ...(numbers['--requests'] !== undefined && { requests: numbers['--requests'] }),
    ...(numbers['--duration'] !== undefined && { durationMs: numbers['--duration'] * 1000 }),
    ...(numbers['--rate'] !== undefined && { rate: numbers['--rate'] }),
  };
  const problem = checkLoadSpec(spec);
  if (problem) return problem.replace('Give either a number of requests or a duration.', 'give either --requests or --duration');
  const target = positional[0] ?? '';
  const server = values.get('--server');
  const json = values.get('--json');
  if (!/^https?:\/\//i.test(target) && server === undefined) return `--server names the entry of ${target} to probe`;
  return { target, spec, ...(server !== undefined && { server }), ...(json !== undefined && { json }) };
}

/** The figures as text, one fact a line. */
export function loadText(label: string, state: LoadState, era: string | undefined): string {
  const lines = [
    `load: ${label} (${era ?? 'era unknown'})`,
    `  ${state.completed} answered, ${state.ok} ok, ${state.errors} errors${state.aborted > 0 ? `, ${state.aborted} aborted` : ''} in ${(state.elapsedMs / 1000).toFixed(2)} s`,
    `  throughput ${state.throughput.toFixed(1)}/s; latency p50 ${state.p50.toFixed(2)} ms, p95 ${state.p95.toFixed(2)} ms, p99 ${state.p99.toFixed(2)} ms`,
    `  concurrency ${state.concurrencyReached} reached of ${state.spec.concurrency} asked`,
    ...state.groups.map((group) => `  error ${group.key}: ${group.count}${group.message ? ` (${group.message})` : ''}`),
  ];
  if (state.consistency && era === 'modern')
    lines.push(
      state.consistency.consistent
        ? `  consistency: the ${state.consistency.groups[0]?.indices.length ?? 0} answers compared are the same`
        : `  consistency: ${state.consistency.differing.length} of the answers compared differ (state kept per instance?)`,
    );
  return `${lines.join('\n')}\n`;
}

/** The JSON report: the figures, error groups and consistency (no sampled exchange: they stay in the page's session). */
export function loadJson(label: string, state: LoadState, era: string | undefined): string {
  return `${JSON.stringify(
    {
      format: 'glassbox-load-report',
      version: 1,
      server: label,
      era: era ?? null,
      spec: state.spec,
      stopped: state.stopped,
      completed: state.completed,
      ok: state.ok,
      errors: state.errors,
      durationMs: Math.round(state.elapsedMs),
      throughput: Math.round(state.throughput * 10) / 10,
      latencyMs: { p50: state.p50, p95: state.p95, p99: state.p99 },
      concurrency: { asked: state.spec.concurrency, reached: state.concurrencyReached },
      errorGroups: state.groups.map(({ key, count, message, status, rpcCode }) => ({ key, count, message, status, rpcCode })),
      histogram: state.histogram,
      consistency: state.consistency
        ? {
            consistent: state.consistency.consistent,
            compared: state.consistency.groups.reduce((sum, g) => sum + g.indices.length, 0),
            differing: state.consistency.differing.map((d) => d.index),
          }
        : null,
    },
    null,
    2,
  )}\n`;
}

/** Runs the command; resolves with the exit code. */
export async function runLoad(io: HeadlessIo): Promise<number> {
  const options = parseLoadArguments(io.argv);
  if (typeof options === 'string') {
    io.err(`load: ${options}\n${LOAD_USAGE}\n`);
    return 2;
  }
  let server: ServerConfig;
  try {
    server = /^https?:\/\//i.test(options.target)
      ? { ...serverOfUrl(options.target), name: options.server ?? 'server' }
      : await serverOfConfig(options.target, options.server ?? '', io);
  } catch (error) {
    if (!(error instanceof SideError)) throw error;
    io.err(`load: ${error.message}\n`);
    return 2;
  }
  const label = /^https?:\/\//i.test(options.target) ? redactUrl(options.target) : `${options.target}#${server.name}`;
  const log = new TrafficLog();
  const connections = new ConnectionManager({ log, secrets: new SecretRegistry(), fetch: io.fetch, probeFetch: io.fetch });
  try {
    await connections.apply([server]);
    const connection = connections.get(server.name);
    const state = connections.getSnapshot().servers[0];
    if (!connection || !state || state.status !== 'connected') {
      io.err(
        `load: ${redactUrl(server.url ?? server.name)}: ${state?.diagnosis?.title ?? `not connected (${state?.status ?? 'unknown'})`}\n`,
      );
      return 2;
    }
    if (options.spec.method === 'tools/call' && !state.tools.some((tool) => tool.name === options.spec.tool)) {
      io.err(`load: ${label} has no tool "${options.spec.tool}" (it has ${state.tools.map((tool) => tool.name).join(', ') || 'none'})\n`);
      return 2;
    }
    const probe = new LoadProbe(connection, options.spec, { server: server.name, url: server.url ?? '', log });
    const final = await probe.start();
    io.out(loadText(label, final, state.era));
    if (options.json !== undefined) await io.writeText(options.json, loadJson(label, final, state.era));
    const inconsistent = state.era === 'modern' && final.consistency !== undefined && !final.consistency.consistent;
    return final.errors > 0 || inconsistent ? 1 : 0;
  } finally {
    await connections.disconnectAll();
  }
}
