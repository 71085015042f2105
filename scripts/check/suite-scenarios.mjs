/**
 * The official conformance suite's server scenarios that apply to any server, with the eras each
 * applies to, and one scenario's run by the suite (Node 22, as scripts/conformance/run.mjs gets it).
 * Shared by the agreement test (scripts/check/agreement.test.ts) and the bench's check section.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { node22 } from '../conformance/run.mjs';

const require = createRequire(import.meta.url);
const SUITE = require.resolve('@modelcontextprotocol/conformance/dist/index.js');

/** Scenario → the eras it applies to. */
export const SUITE_SCENARIO_ERAS = {
  'server-initialize': ['2025-11-25'],
  'server-session-lifecycle': ['2025-11-25'],
  'server-stateless': ['2026-07-28'],
  ping: ['2025-11-25'],
  'tools-list': ['2025-11-25', '2026-07-28'],
  'resources-list': ['2025-11-25', '2026-07-28'],
  'prompts-list': ['2025-11-25', '2026-07-28'],
  caching: ['2026-07-28'],
  'http-header-validation': ['2026-07-28'],
  'dns-rebinding-protection': ['2025-11-25', '2026-07-28'],
};

/**
 * Runs one scenario of the suite against `url` in `era`, writing into `folder` (fresh, empty).
 * The verdict is "problem" when the suite reports a FAILURE or WARNING.
 * @param {string} url @param {string} scenario @param {string} era @param {string} folder
 * @returns {Promise<{ verdict: 'ok' | 'problem', reason: string, ms: number }>}
 */
export function runSuiteScenario(url, scenario, era, folder) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node22(), [SUITE, 'server', '--url', url, '--scenario', scenario, '--spec-version', era, '-o', folder], {
      stdio: 'ignore',
    });
    child.on('close', () => {
      const ms = Date.now() - started;
      const file = findChecks(folder);
      if (!file) return resolve({ verdict: 'problem', reason: 'the suite wrote no checks', ms });
      /** @type {Array<{ id: string, status: string, errorMessage?: string }>} */
      const checks = JSON.parse(readFileSync(file, 'utf8'));
      const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
      resolve({
        verdict: bad.length > 0 ? 'problem' : 'ok',
        reason: bad
          .map((check) => `${check.id}: ${check.errorMessage ?? check.status}`)
          .join('; ')
          .slice(0, 200),
        ms,
      });
    });
  });
}

/** The checks.json the suite wrote somewhere under `folder`. @param {string} folder @returns {string | undefined} */
function findChecks(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = findChecks(path);
      if (found) return found;
    } else if (entry.name === 'checks.json') return path;
  }
  return undefined;
}
