import { describe, expect, it } from 'vitest';
import { readMcpConfig } from '../config';
import type { ServerConfig } from '../config';
import { routeThroughBridge } from './route-servers';

const APP = 'https://glassbox.example/';
const PAIRING = { url: 'http://127.0.0.1:4810', token: 'secret-token-0123456789' };

function servers(): ServerConfig[] {
  const { config } = readMcpConfig(
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/tmp/m.json' } },
        github: { command: 'npx', args: ['-y', 'server-github', '--api-key', 'ghp_abcdef'] },
        weather: { url: 'https://weather.example/mcp' },
      },
    }),
    undefined,
  );
  return config!.servers;
}

describe('routeThroughBridge', () => {
  it('without a bridge, a stdio entry says to run glassbox-bridge, with its command (secrets hidden) and this page as --app', () => {
    const [, github] = routeThroughBridge(servers(), { appUrl: APP });
    expect(github!.status).toBe('needs-local-process');
    expect(github!.localProcessNote!.detail).toContain(`npx glassbox-bridge <your file> --app ${APP}`);
    expect(github!.localProcessNote!.detail).toContain('npm run bridge -- <your file>');
    expect(github!.localProcessNote!.detail).toContain('--api-key [redacted]');
    expect(github!.localProcessNote!.detail).not.toContain('ghp_abcdef');
  });

  it('routes an entry the bridge serves to its endpoint with the bearer token; one it does not serve says so; the bridge-only servers are added', () => {
    const routed = routeThroughBridge(servers(), {
      appUrl: APP,
      pairing: PAIRING,
      servers: [
        { name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
        { name: 'my files', command: 'node', args: ['fs.js'] },
      ],
    });
    expect(routed.map((server) => [server.name, server.status, server.transport, server.url])).toEqual([
      ['memory', 'ok', 'streamable-http', 'http://127.0.0.1:4810/servers/memory/mcp'],
      ['github', 'needs-local-process', 'stdio', undefined],
      ['weather', 'ok', 'streamable-http', 'https://weather.example/mcp'],
      ['my files', 'ok', 'streamable-http', 'http://127.0.0.1:4810/servers/my%20files/mcp'],
    ]);
    expect(routed[0]!.headers).toEqual({ Authorization: `Bearer ${PAIRING.token}` });
    expect(routed[0]!.viaBridge).toEqual({ bridgeUrl: PAIRING.url });
    expect(routed[1]!.localProcessNote!.title).toBe('Not served by the paired bridge');
    expect(routed[1]!.localProcessNote!.detail).toContain('"memory", "my files"');
    expect(routed[2]!.headers).toEqual({});
  });

  it('while the bridge has not answered, its entries wait or say why it does not answer', () => {
    expect(routeThroughBridge(servers(), { appUrl: APP, pairing: PAIRING })[0]!.localProcessNote!.title).toBe('Waiting for the bridge');
    const down = routeThroughBridge(servers(), { appUrl: APP, pairing: PAIRING, problem: 'connection refused' })[0]!;
    expect(down.localProcessNote!.title).toBe('The bridge does not answer');
    expect(down.localProcessNote!.detail).toContain('connection refused');
  });
});
