// The bridge reads the stdio entries of any dialect src/core/config reads, with the env and cwd the page never sees.
import { describe, expect, it } from 'vitest';
import { findPlaceholders } from '../src/core/config/placeholders';
import { readBridgeConfig } from './config-entry';

describe('readBridgeConfig', () => {
  it('reads a Claude Desktop file: command, args, env, cwd; url and disabled entries are skipped with a reason', () => {
    const read = readBridgeConfig(
      JSON.stringify({
        mcpServers: {
          memory: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: '/tmp/m.jsonl', PORT: 3 },
            cwd: '/tmp',
          },
          remote: { url: 'https://example.com/mcp' },
          off: { command: 'node', disabled: true },
        },
      }),
    );
    expect(read).toEqual({
      servers: [
        {
          name: 'memory',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-memory'],
          env: { MEMORY_FILE_PATH: '/tmp/m.jsonl', PORT: '3' },
          cwd: '/tmp',
          launch: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: '/tmp/m.jsonl', PORT: '3' },
            cwd: '/tmp',
          },
        },
      ],
      skipped: [
        { name: 'remote', reason: 'not a local process (streamable-http at its URL): connect to it directly' },
        { name: 'off', reason: 'disabled in the file' },
      ],
      errors: [],
    });
  });

  it('reads VS Code, Zed and Opencode shapes', () => {
    const launchOf = (text: string) => readBridgeConfig(text).servers.map(({ name, launch }) => ({ name, ...launch }));
    expect(launchOf('{"servers": {"fs": {"type": "stdio", "command": "node", "args": ["fs.js"], "env": {"A": "1"}}}}')).toEqual([
      { name: 'fs', command: 'node', args: ['fs.js'], env: { A: '1' } },
    ]);
    expect(launchOf('{"context_servers": {"z": {"command": {"path": "node", "args": ["z.js"], "env": {"B": "2"}}}}}')).toEqual([
      { name: 'z', command: 'node', args: ['z.js'], env: { B: '2' } },
    ]);
    expect(launchOf('{"mcp": {"o": {"type": "local", "command": ["node", "o.js"], "environment": {"C": "3"}}}}')).toEqual([
      { name: 'o', command: 'node', args: ['o.js'], env: { C: '3' } },
    ]);
  });

  it('reads a fragment without outer braces, and the later of two entries with one name', () => {
    const read = readBridgeConfig('"mcpServers": {"a": {"command": "one"}, "a": {"command": "two", "env": {"K": "v"}}}');
    expect(read.servers).toEqual([
      { name: 'a', command: 'two', args: [], env: { K: 'v' }, launch: { command: 'two', args: [], env: { K: 'v' } } },
    ]);
  });

  it('fills ${env:NAME}, ${NAME}, ${NAME:-default} and defaulted inputs from the environment; what stays unknown skips the entry', () => {
    const text = JSON.stringify({
      inputs: [
        { type: 'promptString', id: 'region', default: 'eu' },
        { type: 'promptString', id: 'key', password: true },
      ],
      servers: {
        ok: {
          type: 'stdio',
          command: '${env:TOOL}',
          args: ['--region=${input:region}', '--home=${HOME_DIR:-/home/x}', '$KEEP'],
          env: { KEY: '${API_KEY}' },
        },
        needsInput: { type: 'stdio', command: 'node', env: { KEY: '${input:key}' } },
        needsEnv: { type: 'stdio', command: 'node', args: ['${env:NOT_SET}'] },
      },
    });
    const read = readBridgeConfig(text, { TOOL: 'node', API_KEY: 'k-123' });
    expect(read.servers).toEqual([
      {
        name: 'ok',
        command: '${env:TOOL}',
        args: ['--region=${input:region}', '--home=${HOME_DIR:-/home/x}', '$KEEP'],
        env: { KEY: '${API_KEY}' },
        launch: { command: 'node', args: ['--region=eu', '--home=/home/x', '$KEEP'], env: { KEY: 'k-123' } },
      },
    ]);
    expect(read.skipped).toEqual([
      { name: 'needsInput', reason: 'needs ${input:key}: the bridge cannot ask for an input, write the value into the file' },
      { name: 'needsEnv', reason: "needs ${env:NOT_SET}: set it in the bridge's environment, or write the value into the file" },
    ]);
  });

  it('reads placeholders with the grammar the page reads: a default may hold spaces', () => {
    const text = JSON.stringify({
      mcpServers: { greet: { command: 'node', args: ['--greeting=${GREETING:-hello world}', '${GREETING}'] } },
    });
    expect(findPlaceholders('--greeting=${GREETING:-hello world}')).toEqual(['${GREETING:-hello world}']);
    expect(readBridgeConfig(text, { GREETING: 'hi' }).servers[0]?.launch.args).toEqual(['--greeting=hi', 'hi']);
    const unset = readBridgeConfig(
      JSON.stringify({ mcpServers: { greet: { command: 'node', args: ['--greeting=${GREETING:-hello world}'] } } }),
    );
    expect(unset.servers[0]?.launch.args).toEqual(['--greeting=hello world']);
  });

  it("fills VS Code's ${workspaceFolder} and ${userHome} when given", () => {
    const text =
      '{"servers": {"pw": {"command": "node", "args": ["${workspaceFolder}/x.js"], "cwd": "${userHome}"}, "other": {"command": "${workspaceFolderBasename}"}}}';
    const read = readBridgeConfig(text, {}, { workspaceFolder: '/repo', userHome: '/home/me' });
    expect(read.servers.map((server) => server.launch)).toEqual([{ command: 'node', args: ['/repo/x.js'], env: {}, cwd: '/home/me' }]);
    expect(read.skipped.map((entry) => entry.name)).toEqual(['other']);
  });

  it('says why a text cannot be used, naming lines and codes, never values', () => {
    const read = readBridgeConfig('{"mcpServers": {"a": {"command": "x", "env": {"SECRET": "s3cr3t"}},}');
    expect(read.servers).toEqual([]);
    expect(read.errors.length).toBeGreaterThan(0);
    expect(read.errors.join(' ')).not.toContain('s3cr3t');
  });
});
