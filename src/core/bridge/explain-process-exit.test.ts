import { describe, expect, it } from 'vitest';
import type { BridgeServerInfo } from './bridge-client';
import { explainProcessExit } from './explain-process-exit';

const exited = (change: Partial<BridgeServerInfo>): BridgeServerInfo => ({
  name: 'memory',
  status: 'exited',
  pid: null,
  exitCode: null,
  signal: null,
  stderrTail: [],
  command: 'node',
  args: ['server.js'],
  endpoint: '/servers/memory/mcp',
  ...change,
});

describe('explainProcessExit', () => {
  it('names the signal, quotes the last stderr line and points to Restart', () => {
    const diagnosis = explainProcessExit(
      exited({ signal: 'SIGKILL', stderrTail: ['starting', 'Knowledge Graph MCP Server running on stdio  '] }),
    );
    expect(diagnosis).toMatchObject({ code: 'process-exited', title: 'The local process of "memory" exited on SIGKILL' });
    expect(diagnosis.detail).toContain('Its last stderr line: "Knowledge Graph MCP Server running on stdio".');
    expect(diagnosis.detail).toContain('Restart starts a fresh one');
  });

  it('names the exit code, and what the wire saw without its advice for a live server', () => {
    const cause = {
      code: 'protocol-error' as const,
      reason: 'stream-closed' as const,
      title: 'The server closed the stream before answering',
      detail: 'The connection is still usable: call again.',
    };
    const diagnosis = explainProcessExit(exited({ exitCode: 4 }), cause);
    expect(diagnosis.title).toBe('The local process of "memory" exited with code 4');
    expect(diagnosis.detail).toContain('the server closed the stream before answering');
    expect(diagnosis.detail).toContain('It wrote nothing to stderr.');
    expect(diagnosis.detail).not.toContain('call again');
  });
});
