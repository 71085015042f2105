/**
 * `npm run mock -- --record file.evals.json [--out-dir DIR]`: runs an eval file once against its
 * live servers (as `npm run evals` does, keys from the environment), and writes a mock of each of
 * its servers made from that run's traffic log, `DIR/<server>.mcp-mock.json`. CI then runs the same
 * eval file against the mocks (`npm run mock` per file), with no credentials and no network.
 * A core-root module: it joins evals (the run) and mock (the files), which sit in different layers.
 */
import { connectEvalServers, loadEvalValidators, readEvalFile, runEvals } from './evals';
import { KEY_VARIABLES } from './evals/headless';
import { mockFileName, mockFromRecording, writeMock } from './mock';
import type { HeadlessIo } from './shared/headless-io';
import { SecretRegistry, TrafficLog } from './traffic';

/** What was recorded: the file written per server, and the run's outcome. */
interface RecordedMocks {
  files: string[];
  passed: number;
  total: number;
}

/** Runs `evalsFile` and writes its servers' mocks to `outDir`; returns 2 (after saying why) when it cannot. */
export async function recordMocks(io: HeadlessIo, evalsFile: string, outDir: string): Promise<RecordedMocks | 2> {
  let text: string;
  try {
    text = await io.readText(evalsFile);
  } catch (error) {
    io.err(`mock: cannot read ${evalsFile} (${error instanceof Error ? error.message : String(error)})\n`);
    return 2;
  }
  const read = readEvalFile(text, await loadEvalValidators());
  for (const problem of read.problems)
    if (problem.severity === 'error') io.err(`${evalsFile}:${problem.line}:${problem.column}: error: ${problem.reason}\n`);
  if (read.file === null) return 2;
  if (read.file.servers === undefined) {
    io.err(`mock: ${evalsFile} names no servers ("mcpServers"): there is nothing to record\n`);
    return 2;
  }
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  for (const server of read.file.servers) for (const value of Object.values(server.headers)) secrets.add(value);
  const servers = await connectEvalServers(read.file.servers, { log, secrets, fetch: io.fetch });
  for (const problem of servers.problems) io.err(`mock: server ${problem}\n`);
  let passed: number;
  let total: number;
  try {
    const report = await runEvals(read.file, {
      registry: servers.registry,
      callMcpTool: servers.callMcpTool,
      log,
      secrets,
      fetch: io.fetch,
      apiKeyFor: (format) => io.env[KEY_VARIABLES[format] ?? ''] ?? '',
      runPrefix: 'record',
    });
    total = report.results.length;
    passed = report.results.filter((result) => result.status === 'pass').length;
  } finally {
    await servers.close();
  }
  const keys = Object.values(KEY_VARIABLES).flatMap((name) => (name !== undefined && io.env[name] ? [io.env[name] as string] : []));
  const files: string[] = [];
  for (const server of read.file.servers) {
    const mock = mockFromRecording(log.getSnapshot(), { server: server.name, secrets: [...keys, ...Object.values(server.headers)] });
    const file = `${outDir.replace(/\/+$/, '')}/${mockFileName(server.name)}`;
    await io.writeText(file, writeMock(mock));
    files.push(file);
    io.out(`mock: recorded ${server.name} (${mock.exchanges.length} requests) to ${file}\n`);
  }
  io.out(`mock: the run passed ${passed} of ${total} cases × targets\n`);
  return { files, passed, total };
}
