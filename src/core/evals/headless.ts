/**
 * `npm run evals` without the page: reads an eval file, connects its servers, runs every case
 * against every target through the same core the page uses, prints a line per case, writes the
 * JUnit and JSON reports asked for, and answers with the exit code: 0 when every case passed,
 * 1 when one failed or could not run, 2 when the command or the file is wrong. All I/O is injected
 * (scripts/evals.mjs passes Node's), so this file is pure TypeScript like the rest of core.
 */
import { isProviderId, type ProviderId } from '../providers';
import { SecretRegistry, TrafficLog } from '../traffic';
import type { EvalFile, EvalResult, EvalTarget } from './eval-types';
import { parseEvalFile } from './eval-validators';
import { connectEvalServers } from './eval-servers';
import { countResults, toJsonReport, toJUnitXml } from './export-report';
import { runEvals, targetLabel } from './run-evals';
import type { HeadlessIo } from '../shared/headless-io';

/** The command's options. */
export interface HeadlessOptions {
  file: string;
  format?: ProviderId;
  model?: string;
  baseUrl?: string;
  junit?: string;
  json?: string;
}

const USAGE =
  'usage: npm run evals -- <file.evals.json> [--format anthropic|openai|openai-responses] [--model M] [--base-url U] [--junit out.xml] [--json out.json]';

/** The environment variable each wire format's key is read from. */
export const KEY_VARIABLES: Readonly<Record<ProviderId, string | undefined>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-responses': 'OPENAI_API_KEY',
  demo: undefined,
};

/** Parses the command line; a string is what is wrong with it. */
export function parseArguments(argv: readonly string[]): HeadlessOptions | string {
  const options: Partial<HeadlessOptions> = {};
  const flags: Record<string, keyof HeadlessOptions> = {
    '--format': 'format',
    '--model': 'model',
    '--base-url': 'baseUrl',
    '--junit': 'junit',
    '--json': 'json',
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = flags[flag];
    if (key !== undefined) {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') return `${flag} needs a value`;
      if (key === 'format' && !isProviderId(value)) return `--format must be anthropic, openai, openai-responses or demo (got "${value}")`;
      (options as Record<string, string>)[key] = value;
    } else if (arg.startsWith('-')) {
      return `unknown option ${arg}`;
    } else if (options.file === undefined) {
      options.file = arg;
    } else {
      return `one eval file at a time (got "${options.file}" and "${arg}")`;
    }
  }
  if (options.file === undefined) return 'name an eval file';
  return options as HeadlessOptions;
}

/** The targets after the command line: --format/--model make one target; --base-url applies to every target. */
export function targetsOf(file: EvalFile, options: HeadlessOptions): EvalTarget[] | string {
  let targets = file.targets;
  if (options.format !== undefined || options.model !== undefined) {
    const first = targets[0];
    const format = options.format ?? first?.format;
    const model = options.model ?? first?.model;
    if (format === undefined || model === undefined) return 'the file names no targets: give --format and --model';
    targets = [{ format, model }];
  }
  if (targets.length === 0) return 'the file names no targets: add "targets" or give --format and --model';
  return options.baseUrl === undefined ? targets : targets.map((target) => ({ ...target, baseUrl: options.baseUrl }));
}

/** Runs the command; resolves with the exit code. */
export async function runHeadless(io: HeadlessIo): Promise<number> {
  const options = parseArguments(io.argv);
  if (typeof options === 'string') {
    io.err(`evals: ${options}\n${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await io.readText(options.file);
  } catch (error) {
    io.err(`evals: cannot read ${options.file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const read = await parseEvalFile(text);
  for (const problem of read.problems) {
    if (problem.severity !== 'info') io.err(`${options.file}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.reason}\n`);
  }
  if (read.file === null) return 2;
  if (read.file.servers === undefined) {
    io.err(`evals: ${options.file} names no servers: add "mcpServers" (the page can use its own config; the command cannot)\n`);
    return 2;
  }
  const targets = targetsOf(read.file, options);
  if (typeof targets === 'string') {
    io.err(`evals: ${targets}\n`);
    return 2;
  }
  const file: EvalFile = { ...read.file, targets };
  const missingKeys = [
    ...new Set(
      targets
        .map((target) => KEY_VARIABLES[target.format])
        .filter((name): name is string => name !== undefined && (io.env[name] ?? '') === ''),
    ),
  ];
  if (missingKeys.length > 0) {
    io.err(
      `evals: set ${missingKeys.join(' and ')} (the key${missingKeys.length > 1 ? 's' : ''} for ${targets.map(targetLabel).join(', ')})\n`,
    );
    return 2;
  }

  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const servers = await connectEvalServers(read.file.servers, { log, secrets, fetch: io.fetch });
  for (const problem of servers.problems) io.err(`evals: server ${problem}\n`);
  try {
    const total = targets.length * file.cases.length;
    let done = 0;
    const report = await runEvals(
      file,
      {
        registry: servers.registry,
        callMcpTool: servers.callMcpTool,
        log,
        secrets,
        fetch: io.fetch,
        apiKeyFor: (format) => io.env[KEY_VARIABLES[format] ?? ''] ?? '',
        runPrefix: 'eval',
      },
      {
        onResult: (result) => {
          done += 1;
          io.out(progressLine(result, done, total, io.isTTY));
        },
      },
    );
    if (options.junit !== undefined) await io.writeText(options.junit, toJUnitXml(report));
    if (options.json !== undefined) await io.writeText(options.json, toJsonReport(report));
    const counts = countResults(report.results);
    io.out(
      `${counts.passed} passed, ${counts.failures} failed, ${counts.errors} errors (${counts.tests} cases × targets) in ${(report.durationMs / 1000).toFixed(1)} s\n`,
    );
    return counts.passed === counts.tests ? 0 : 1;
  } finally {
    await servers.close();
  }
}

/** One line per case × target: status, names, pass rate, time, tokens, and the first reason. */
export function progressLine(result: EvalResult, done: number, total: number, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const mark = result.status === 'pass' ? paint('32', 'PASS') : result.status === 'fail' ? paint('31', 'FAIL') : paint('33', 'ERROR');
  const runs = result.runs.length;
  const passed = result.runs.filter((run) => run.status === 'pass').length;
  const ms = result.runs.reduce((sum, run) => sum + run.durationMs, 0);
  const tokens = result.runs.reduce((sum, run) => sum + run.tokens.input + run.tokens.output, 0);
  const reason = result.runs.flatMap((run) => run.reasons)[0];
  const rate = runs > 1 ? ` ${passed}/${runs}` : '';
  return `[${done}/${total}] ${mark} ${result.caseName} · ${result.target}${rate} (${ms} ms, ${tokens} tokens)${reason ? ` — ${reason.message}` : ''}\n`;
}
