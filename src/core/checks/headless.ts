/**
 * `npm run check` without the page: checks one server (a URL, or an entry of an mcp.json file)
 * with the same core the page uses, plus the checks only Node can make (the raw requester is
 * injected), prints a line per problem and a summary per category, writes the reports asked for,
 * and answers with the exit code: 0 when nothing reaches --fail-on, 1 when something does, 2 when
 * the command is wrong or the server cannot be reached. All I/O is injected (scripts/check/cli.mjs
 * passes Node's), so this file is pure TypeScript like the rest of core.
 */
import { fillPlaceholders, readMcpConfig, type ServerConfig } from '../config';
import { SecretRegistry, TrafficLog } from '../traffic';
import { reachesThreshold, toBadgeSvg, toJsonReport, toJUnitXml, toMarkdown } from './exports';
import { runServerCheck } from './run-check';
import type { CheckFinding, CheckOptions, CheckReport, RawHttp } from './types';
import { countOpenAIDefinition } from '../tools/openai-counter';
import type { HeadlessIo } from '../shared/headless-io';

/** What the command reads and writes. */
export interface CheckIo extends HeadlessIo {
  rawHttp: RawHttp;
  /** A token counter; by default the token bill's (o200k_base over OpenAI's function rendering), for every format. */
  countTokens?: CheckOptions['countTokens'];
  /** A stdio entry served over HTTP for the check (the bridge's core); absent: stdio entries are refused. */
  serveStdio?: (
    entry: ServerConfig,
    configPath: string,
  ) => Promise<{ url: string; headers: Record<string, string>; close(): Promise<void> }>;
}

/** The command's options. */
export interface CheckCommand {
  target: string;
  server?: string;
  json?: string;
  junit?: string;
  markdown?: string;
  badge?: string;
  previous?: string;
  failOn: 'fail' | 'warn';
  repeats?: number;
}

export const CHECK_USAGE =
  'usage: npm run check -- <url | mcp.json> [--server name] [--json out.json] [--junit out.xml] [--markdown out.md] [--badge out.svg] [--previous last.json] [--fail-on fail|warn] [--repeats K]';

/** Parses the command line; a string is what is wrong with it. */
export function parseCheckArguments(argv: readonly string[]): CheckCommand | string {
  const options: Partial<CheckCommand> & { failOn: 'fail' | 'warn' } = { failOn: 'fail' };
  const paths: Record<string, 'server' | 'json' | 'junit' | 'markdown' | 'badge' | 'previous'> = {
    '--server': 'server',
    '--json': 'json',
    '--junit': 'junit',
    '--markdown': 'markdown',
    '--badge': 'badge',
    '--previous': 'previous',
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const value = argv[index + 1];
    if (arg in paths) {
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      options[paths[arg]!] = value;
      index++;
    } else if (arg === '--fail-on') {
      if (value !== 'fail' && value !== 'warn') return '--fail-on takes fail or warn';
      options.failOn = value;
      index++;
    } else if (arg === '--repeats') {
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1 || count > 20) return '--repeats takes a whole number from 1 to 20';
      options.repeats = count;
      index++;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else if (options.target === undefined) {
      options.target = arg;
    } else {
      return `one server at a time (got ${options.target} and ${arg})`;
    }
  }
  if (options.target === undefined) return 'name a server URL or an mcp.json file';
  return options as CheckCommand;
}

/** Replaces environment placeholders; the names it could not resolve are returned. */
function resolvePlaceholders(text: string, env: CheckIo['env'], missing: Set<string>): string {
  return fillPlaceholders(text, (placeholder) => {
    const value =
      placeholder.kind === 'env'
        ? (env[placeholder.name] ?? placeholder.default)
        : env[placeholder.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')];
    if (value === undefined) missing.add(placeholder.name);
    return value;
  });
}

const isUrl = (text: string): boolean => /^https?:\/\//i.test(text);

/** One line per problem. */
export function findingLine(finding: CheckFinding, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const mark =
    finding.severity === 'fail'
      ? paint('31', 'FAIL')
      : finding.severity === 'warn'
        ? paint('33', 'WARN')
        : finding.severity === 'info'
          ? 'INFO'
          : paint('32', 'PASS');
  return `${mark} ${finding.id}${finding.subject ? ` [${finding.subject}]` : ''}: ${finding.title}\n     expected ${finding.expected}\n     actual   ${finding.actual}\n${finding.fix ? `     fix      ${finding.fix}\n` : ''}`;
}

/** The summary lines. */
export function summaryLines(report: CheckReport): string {
  const rows = report.summary
    .filter((row) => row.pass + row.warn + row.fail + row.info > 0)
    .map(
      (row) =>
        `  ${row.label.padEnd(20)} ${row.pass} passed, ${row.warn} warnings, ${row.fail} failures${row.info ? `, ${row.info} notes` : ''}`,
    );
  return `${report.server} (${report.url}) · ${report.era ?? 'no era'} · ${(report.durationMs / 1000).toFixed(1)} s\n${rows.join('\n')}\n`;
}

/** Runs the command; resolves to the exit code. */
export async function runCheckCommand(io: CheckIo): Promise<number> {
  const command = parseCheckArguments(io.argv);
  if (typeof command === 'string') {
    io.err(`check: ${command}\n${CHECK_USAGE}\n`);
    return 2;
  }
  let name = command.server ?? 'server';
  let url = command.target;
  let headers: Record<string, string> = {};
  let stdio: Awaited<ReturnType<NonNullable<CheckIo['serveStdio']>>> | undefined;
  if (!isUrl(command.target)) {
    let text: string;
    try {
      text = await io.readText(command.target);
    } catch (error) {
      io.err(`check: cannot read ${command.target}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    const parsed = readMcpConfig(text, undefined);
    const servers = parsed.config?.servers ?? [];
    if (servers.length === 0) {
      io.err(`check: ${command.target} has no server entries\n`);
      return 2;
    }
    const entry =
      command.server !== undefined
        ? servers.find((server) => server.name === command.server)
        : servers.length === 1
          ? servers[0]
          : undefined;
    if (!entry) {
      io.err(
        `check: ${command.server !== undefined ? `no server named ${command.server}` : 'the file has several servers: pick one with --server'} (${servers.map((server) => server.name).join(', ')})\n`,
      );
      return 2;
    }
    name = entry.name;
    const missing = new Set<string>();
    if (entry.transport === 'stdio') {
      if (!io.serveStdio) {
        io.err(`check: ${entry.name} is a stdio entry, and this command cannot start it\n`);
        return 2;
      }
      try {
        stdio = await io.serveStdio(entry, command.target);
      } catch (error) {
        io.err(`check: ${entry.name} did not start: ${error instanceof Error ? error.message : String(error)}\n`);
        return 2;
      }
      url = stdio.url;
      headers = stdio.headers;
    } else {
      url = resolvePlaceholders(entry.url ?? '', io.env, missing);
      headers = Object.fromEntries(
        Object.entries(entry.headers).map(([key, value]) => [key.toLowerCase(), resolvePlaceholders(value, io.env, missing)]),
      );
    }
    if (missing.size > 0) {
      io.err(`check: set ${[...missing].join(', ')} in the environment (placeholders of ${entry.name})\n`);
      return 2;
    }
  }
  let previous: CheckReport | undefined;
  if (command.previous !== undefined) {
    try {
      previous = JSON.parse(await io.readText(command.previous)) as CheckReport;
    } catch {
      previous = undefined;
    }
  }
  const secrets = new SecretRegistry();
  for (const value of Object.values(headers)) if (/^(bearer|basic)\s/i.test(value)) secrets.add(value.replace(/^\S+\s+/, ''));
  try {
    const report = await runServerCheck({
      server: name,
      url,
      headers,
      fetch: io.fetch,
      log: new TrafficLog(),
      secrets,
      rawHttp: io.rawHttp,
      countTokens: io.countTokens ?? ((_format, definition) => countOpenAIDefinition(definition)),
      ...(command.repeats !== undefined ? { repeats: command.repeats } : {}),
      ...(previous ? { previous } : {}),
      // A stdio server is reached through a bridge started for the check: its CORS and Host checks would judge the bridge.
      ...(stdio ? { omitChecks: ['browser.', 'security.dns-rebinding'] } : {}),
    });
    if (report.findings.some((finding) => finding.id === 'protocol.handshake' && finding.severity === 'fail')) {
      for (const finding of report.findings) if (finding.severity === 'fail') io.err(findingLine(finding, false));
      io.err(`check: ${url} did not answer as an MCP server\n`);
      return 2;
    }
    for (const finding of report.findings)
      if (finding.severity === 'fail' || finding.severity === 'warn') io.out(findingLine(finding, io.isTTY));
    io.out(summaryLines(report));
    if (report.changes)
      io.out(
        `since the last run: ${report.changes.appeared.length} new, ${report.changes.resolved.length} resolved, ${report.changes.changed.length} changed\n`,
      );
    if (command.json !== undefined) await io.writeText(command.json, toJsonReport(report));
    if (command.junit !== undefined) await io.writeText(command.junit, toJUnitXml(report));
    if (command.markdown !== undefined) await io.writeText(command.markdown, toMarkdown(report));
    if (command.badge !== undefined) await io.writeText(command.badge, toBadgeSvg(report));
    return reachesThreshold(report, command.failOn) ? 1 : 0;
  } finally {
    await stdio?.close();
  }
}
