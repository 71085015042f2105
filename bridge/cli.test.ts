// The command line: the pair link, the --app origin, the human output, and the files it refuses.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, CRASHING, ROOT, startCli, tempDir } from './test-kit';

const SECRET = `s3cr3t-${Math.random().toString(36).slice(2)}`;

/** Runs the CLI (stdin left open) until `done(stdout)` or its exit; returns what it printed and its exit code. */
function runCli(args: string[], done: (stdout: string) => boolean = () => false) {
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (done(stdout)) child.stdin.end();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ stdout, stderr, code }));
  });
}

function writeConfig(config: unknown): string {
  const file = join(tempDir(), 'mcp.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  return file;
}

describe('glassbox-bridge on the command line', { timeout: 60_000 }, () => {
  it('prints a pair link carrying the URL and token, for the --app page; that origin may call it', async () => {
    const bridge = await startCli({ mcpServers: { crashing: CRASHING } }, ['--app', 'https://glassbox.example/sub/path/?x=1']);
    try {
      const link = new URL(bridge.ready.pairUrl);
      expect(`${link.origin}${link.pathname}${link.search}`).toBe('https://glassbox.example/sub/path/?x=1');
      const [, payload] = /^#bridge=([A-Za-z0-9_-]+)$/.exec(link.hash) ?? [];
      expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'))).toEqual({
        v: 1,
        url: bridge.ready.url,
        token: bridge.ready.token,
      });
      expect(bridge.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await bridge.request('/servers', { headers: { origin: 'https://glassbox.example' } });
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://glassbox.example');
      expect((await bridge.request('/servers', { headers: { origin: 'http://127.0.0.1:5173' } })).status).toBe(403);
    } finally {
      await bridge.stop();
    }
  });

  it('--origin adds an allowed origin', async () => {
    const bridge = await startCli({ mcpServers: { crashing: CRASHING } }, ['--origin', 'http://localhost:4173']);
    try {
      expect((await bridge.request('/servers', { headers: { origin: 'http://localhost:4173' } })).status).toBe(200);
      expect((await bridge.request('/servers', { headers: { origin: 'http://127.0.0.1:5173' } })).status).toBe(200);
    } finally {
      await bridge.stop();
    }
  });

  it('says in plain words what it serves and skips, never an env value', async () => {
    const file = writeConfig({
      mcpServers: { crashing: { ...CRASHING, env: { API_KEY: SECRET } }, remote: { url: 'https://example.com/mcp' } },
    });
    const run = await runCli([file], (stdout) => stdout.includes('Stop with Ctrl-C'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/crashing {2}http:\/\/127\.0\.0\.1:\d+\/servers\/crashing\/mcp/);
    expect(run.stdout).toContain('skipped remote: not a local process');
    expect(run.stdout).toMatch(/http:\/\/127\.0\.0\.1:5173\/#bridge=[A-Za-z0-9_-]+/);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('refuses a file it cannot use, with exit code 2 and no value from the file', async () => {
    const broken = await runCli([writeConfig(`{"mcpServers": {"a": {"command": "x", "env": {"K": "${SECRET}"}}`)]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('is not a config Glassbox can read');
    expect(broken.stderr).not.toContain(SECRET);
    const remoteOnly = await runCli([writeConfig({ mcpServers: { remote: { url: 'https://example.com/mcp' } } })]);
    expect(remoteOnly.code).toBe(2);
    expect(remoteOnly.stderr).toContain('has no stdio servers');
    expect((await runCli([join(tempDir(), 'missing.json')])).stderr).toContain('cannot read');
    expect((await runCli([])).code).toBe(2);
  });
});
