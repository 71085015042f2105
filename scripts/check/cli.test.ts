/** `npm run check` as a person runs it: the CLI on a stdio entry, served by the bridge's server for the check. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(join(tmpdir(), 'glassbox-check-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('a stdio entry is checked through the bridge, without the checks that would judge the bridge', async () => {
  const config = join(folder, 'mcp.json');
  const server = join(root, 'bridge/fixtures/crashing-server.mjs');
  writeFileSync(config, JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [server] } } }));
  const out = join(folder, 'report.json');
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((done) => {
    const child = execFile(
      process.execPath,
      [join(root, 'scripts/check/cli.mjs'), config, '--json', out],
      { cwd: root, timeout: 60_000 },
      (_error, stdout) => done({ code: child.exitCode, stdout }),
    );
  });
  expect(stdout).toContain('local (http://127.0.0.1:');
  expect(code).toBe(0);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { era: string; findings: Array<{ id: string }> };
  expect(report.era).toBe('2025-11-25');
  expect(report.findings.some((finding) => finding.id.startsWith('browser.') || finding.id === 'security.dns-rebinding')).toBe(false);
}, 90_000);
