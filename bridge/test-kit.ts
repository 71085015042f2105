/** Shared setup of the bridge's tests: the CLI started as a person starts it, on a temp config file. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** The repository root (tests run from it). */
export const ROOT = join(import.meta.dirname, '..');
/** The built bridge, as the package's `bin` runs it (vitest's global setup builds it first). */
export const CLI = join(ROOT, 'bridge/dist/cli.mjs');
/** The official everything server's stdio entry. */
export const EVERYTHING = {
  command: process.execPath,
  args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};
/** The official memory server's entry (give it MEMORY_FILE_PATH). */
export const MEMORY = { command: process.execPath, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')] };
/** Our misbehaving stdio server. */
export const CRASHING = { command: process.execPath, args: [join(ROOT, 'bridge/fixtures/crashing-server.mjs')] };
/** The page origin the tests start the bridge for (--app). */
export const APP_ORIGIN = 'http://127.0.0.1:5173';

/** The first --json line. */
interface ReadyEvent {
  event: 'ready';
  url: string;
  token: string;
  servers: string[];
  pairUrl: string;
}

/** A bridge started by a test, with everything it printed. */
export interface StartedBridge {
  ready: ReadyEvent;
  process: ChildProcessWithoutNullStreams;
  /** Every --json line so far, parsed. */
  events: Array<Record<string, unknown>>;
  stdout: () => string;
  stderr: () => string;
  /** `fetch` a bridge path with the token (unless `headers` says otherwise). */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Resolves with the exit code once the bridge has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
  /** For cleanup after a failed test: SIGKILL every child's process group and the bridge. */
  kill: () => void;
}

/** A temp directory for one test file. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'glassbox-bridge-'));
}

/** Writes `config` to a temp file and starts `glassbox-bridge <file> --json …args` (with `env` added to its environment); resolves on `ready`. */
export async function startCli(config: unknown, args: string[] = [], env: Record<string, string> = {}): Promise<StartedBridge> {
  const file = join(tempDir(), 'mcp.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  const child = spawn(process.execPath, [CLI, file, '--json', '--app', `${APP_ORIGIN}/`, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  const events: Array<Record<string, unknown>> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<ReadyEvent>((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const event = JSON.parse(line) as Record<string, unknown>;
        events.push(event);
        if (event.event === 'ready') resolve(event as unknown as ReadyEvent);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => (err += text));
    void exited.then((code) => reject(new Error(`the bridge exited (${code}) before ready: ${err}`)));
  });
  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${ready.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${ready.token}`, ...(init.headers as Record<string, string> | undefined) },
    });
  return {
    ready,
    process: child,
    events,
    stdout: () => out,
    stderr: () => err,
    request,
    exited,
    kill: () => {
      for (const event of events) if (event.event === 'spawn') killQuietly(-(event.pid as number));
      if (child.pid !== undefined) killQuietly(child.pid);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An SDK v2 client connected to one server through the bridge, with the bearer header. */
export async function connectClient(
  bridge: StartedBridge,
  name: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${bridge.ready.url}/servers/${encodeURIComponent(name)}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${bridge.ready.token}` } },
  });
  const client = new Client({ name: 'bridge-test', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  return { client, transport };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Whether a process (or, with a negative id, a process group) exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves once `check()` is true, polling every 50 ms; rejects after `ms` (default 8 s). */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text of a tool result's first content block. */
export function firstText(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.find((block) => block.type === 'text')?.text ?? '';
}
