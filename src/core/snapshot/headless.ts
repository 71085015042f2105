/**
 * `npm run diff` without the page: takes or reads a snapshot of each side (a URL, an mcp.json
 * entry as `file#name`, or a `*.mcp-snapshot.json`), compares them, prints the changes, writes the
 * JSON and Markdown reports asked for, and answers with the exit code: 1 when a change is
 * breaking, 0 otherwise, 2 when the command is wrong or a server cannot be reached. With
 * `--snapshot out` and one side it writes that side's snapshot instead. All I/O is injected
 * (scripts/diff/cli.mjs passes Node's), so this file is pure TypeScript like the rest of core.
 */
import { fillPlaceholders, type ServerConfig } from '../config';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { ConnectionManager } from '../mcp';
import { redactUrl } from '../secrets';
import { SecretRegistry, TrafficLog } from '../traffic';
import { compareSnapshots, hasBreakingChange } from './compare';
import { toJsonReport, toMarkdown, toText, sideOf } from './report';
import { parseSnapshot, SnapshotFileError, writeSnapshot } from './snapshot-file';
import type { McpSnapshot } from './snapshot-types';
import { isFreeOfSecrets, snapshotOfState } from './take-snapshot';
import type { HeadlessIo } from '../shared/headless-io';

/** The command's options. */
export interface DiffOptions {
  sides: string[];
  json?: string;
  markdown?: string;
  snapshot?: string;
}

/** The usage line printed with a bad command. */
export const DIFF_USAGE =
  'usage: npm run diff -- <A> <B> [--json out.json] [--markdown out.md]\n' +
  '       npm run diff -- --snapshot out.mcp-snapshot.json <A>\n' +
  'A and B: an MCP URL (http[s]://…), an mcp.json entry (path/mcp.json#server), or a *.mcp-snapshot.json file';

/** Parses the command line; a string is what is wrong with it. */
export function parseDiffArguments(argv: readonly string[]): DiffOptions | string {
  const options: DiffOptions = { sides: [] };
  const flags: Record<string, 'json' | 'markdown' | 'snapshot'> = { '--json': 'json', '--markdown': 'markdown', '--snapshot': 'snapshot' };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const key = flags[flag];
    if (key !== undefined) {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') return `${flag} needs a file name`;
      options[key] = value;
    } else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else options.sides.push(arg);
  }
  if (options.snapshot !== undefined) {
    if (options.sides.length !== 1) return `--snapshot takes one server (got ${options.sides.length})`;
    if (options.json !== undefined || options.markdown !== undefined) return '--json and --markdown report a comparison, not a snapshot';
  } else if (options.sides.length !== 2) return `name two servers to compare, A and B (got ${options.sides.length})`;
  return options;
}

/** Why a side could not be read: `code` 2 either way, the message says which. */
export class SideError extends Error {}

/** Environment placeholders (`${env:NAME}`, `${NAME}`, `$NAME`, `${NAME:-default}`) filled from the environment (missing ones are an error). */
function fillFromEnvironment(text: string, env: HeadlessIo['env']): string {
  return fillPlaceholders(text, (placeholder) => {
    if (placeholder.kind !== 'env') return undefined;
    const value = env[placeholder.name] || placeholder.default;
    if (value === undefined || value === '') throw new SideError(`set ${placeholder.name} (used as ${placeholder.raw} in the config)`);
    return value;
  });
}

/** The entry `name` of an mcp.json file, its placeholders filled from the environment (npm run load too). */
export async function serverOfConfig(file: string, name: string, io: HeadlessIo): Promise<ServerConfig> {
  let text: string;
  try {
    text = await io.readText(file);
  } catch (error) {
    throw new SideError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseMcpConfig(text);
  const server = parsed.config?.servers.find((entry) => entry.name === name);
  if (!server) {
    const names = parsed.config?.servers.map((entry) => entry.name) ?? [];
    throw new SideError(`${file} has no server "${name}"${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}`);
  }
  if (server.status !== 'ok' || server.url === undefined)
    throw new SideError(
      `${file}#${name} cannot be connected from here (${server.transport === 'stdio' ? 'a stdio server: expose it over HTTP' : server.status})`,
    );
  return {
    ...server,
    url: fillFromEnvironment(server.url, io.env),
    headers: Object.fromEntries(Object.entries(server.headers).map(([key, value]) => [key, fillFromEnvironment(value, io.env)])),
    placeholders: [],
  };
}

/** A server entry for a bare URL (npm run load too). */
export function serverOfUrl(url: string): ServerConfig {
  return {
    name: 'server',
    url,
    transport: 'streamable-http',
    headers: {},
    disabled: false,
    status: 'ok',
    placeholders: [],
    range: { line: 1, column: 1, offset: 0, length: 0 },
  };
}

async function connectAndSnapshot(server: ServerConfig, io: HeadlessIo): Promise<McpSnapshot> {
  const secrets = new SecretRegistry();
  const connections = new ConnectionManager({ log: new TrafficLog(), secrets, fetch: io.fetch, probeFetch: io.fetch });
  try {
    await connections.apply([server]);
    const state = connections.getSnapshot().servers[0];
    if (!state || state.status !== 'connected')
      throw new SideError(
        `${redactUrl(server.url ?? server.name)}: ${state?.diagnosis?.title ?? `not connected (${state?.status ?? 'unknown'})`}`,
      );
    const snapshot = snapshotOfState(state, { secrets });
    // The secret policy's last word: a snapshot that still holds a configured secret is not written.
    if (!isFreeOfSecrets(snapshot, secrets.values()))
      throw new SideError(`${redactUrl(server.url ?? server.name)}: the snapshot would hold a secret`);
    return snapshot;
  } finally {
    await connections.disconnectAll();
  }
}

/** Reads one side: a snapshot file as it is, a URL or a config entry by connecting and taking a snapshot. */
export async function readSide(side: string, io: HeadlessIo): Promise<{ label: string; snapshot: McpSnapshot }> {
  if (/^https?:\/\//i.test(side)) return { label: redactUrl(side), snapshot: await connectAndSnapshot(serverOfUrl(side), io) };
  const hash = side.lastIndexOf('#');
  if (hash > 0) {
    const server = await serverOfConfig(side.slice(0, hash), side.slice(hash + 1), io);
    const snapshot = await connectAndSnapshot(server, io);
    return { label: side, snapshot: { ...snapshot, source: side } };
  }
  let text: string;
  try {
    text = await io.readText(side);
  } catch (error) {
    throw new SideError(`cannot read ${side}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return { label: side, snapshot: parseSnapshot(text) };
  } catch (error) {
    if (error instanceof SnapshotFileError) {
      const hint =
        /"mcpServers"|"servers"/.test(text) && error.path === '/format' ? ` (an mcp.json? name the entry: ${side}#<server>)` : '';
      throw new SideError(`${side}: ${error.message}${hint}`);
    }
    throw error;
  }
}

/** Runs the command; resolves with the exit code. */
export async function runDiff(io: HeadlessIo): Promise<number> {
  const options = parseDiffArguments(io.argv);
  if (typeof options === 'string') {
    io.err(`diff: ${options}\n${DIFF_USAGE}\n`);
    return 2;
  }
  let sides: Array<{ label: string; snapshot: McpSnapshot }>;
  try {
    sides = await Promise.all(options.sides.map((side) => readSide(side, io)));
  } catch (error) {
    if (!(error instanceof SideError)) throw error;
    io.err(`diff: ${error.message}\n`);
    return 2;
  }
  const [a, b] = sides;
  if (options.snapshot !== undefined && a) {
    await io.writeText(options.snapshot, writeSnapshot(a.snapshot));
    const { tools, resources, resourceTemplates, prompts } = a.snapshot;
    io.out(
      `diff: wrote ${options.snapshot}: ${a.snapshot.server.name} ${a.snapshot.server.version}, ${tools.length} tools, ${resources.length} resources, ${resourceTemplates.length} templates, ${prompts.length} prompts\n`,
    );
    return 0;
  }
  if (!a || !b) return 2;
  const changes = compareSnapshots(a.snapshot, b.snapshot);
  const sideA = sideOf(a.label, a.snapshot);
  const sideB = sideOf(b.label, b.snapshot);
  io.out(toText(sideA, sideB, changes));
  if (options.json !== undefined) await io.writeText(options.json, toJsonReport(sideA, sideB, changes));
  if (options.markdown !== undefined) await io.writeText(options.markdown, toMarkdown(sideA, sideB, changes));
  return hasBreakingChange(changes) ? 1 : 0;
}
