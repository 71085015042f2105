import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallRegistry } from './call-registry';
import { NO_INPUT } from './capabilities/__fixtures__/test-host';
import type { CapabilityHost } from './capabilities/capability';
import { ToolsCapability } from './capabilities/tools';
import { encodeParamValue, paramHeaderDeclarations, paramHeaders } from './param-headers';
import { ServerConnection } from './server-connection';
import { SecretRegistry, TrafficLog } from '../traffic';

describe('paramHeaders', () => {
  const schema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      priority: { type: 'integer', 'x-mcp-header': 'Priority' },
      verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
      method: { type: 'string', 'x-mcp-header': 'Method' },
      query: { type: 'string' },
      nested: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
      bad: { type: 'string', 'x-mcp-header': 'My Region' },
    },
  };

  it('mirrors only the marked arguments, by a chain of properties, skipping invalid names', () => {
    expect(paramHeaderDeclarations(schema).map((each) => [each.path.join('.'), each.headerName])).toEqual([
      ['region', 'Region'],
      ['priority', 'Priority'],
      ['verbose', 'Verbose'],
      ['method', 'Method'],
      ['nested.zone', 'Zone'],
    ]);
    expect(
      paramHeaders(schema, { region: 'us-west1', priority: 42, verbose: false, method: 'm', query: 'SELECT 1', nested: { zone: 'b' } }),
    ).toEqual({
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Priority': '42',
      'Mcp-Param-Verbose': 'false',
      'Mcp-Param-Method': 'm',
      'Mcp-Param-Zone': 'b',
    });
  });

  it('omits null and absent values', () => {
    expect(paramHeaders(schema, { region: 'us-east1', verbose: null })).toEqual({ 'Mcp-Param-Region': 'us-east1' });
  });

  it('wraps non-ASCII, control characters and edge whitespace in =?base64?…?=, keeps inner spaces and empty strings', () => {
    expect(encodeParamValue('Hello, 世界')).toBe(`=?base64?${Buffer.from('Hello, 世界').toString('base64')}?=`);
    expect(encodeParamValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeParamValue('line1\r\nline2')).toBe(`=?base64?${Buffer.from('line1\r\nline2').toString('base64')}?=`);
    expect(encodeParamValue('\tindented')).toBe(`=?base64?${Buffer.from('\tindented').toString('base64')}?=`);
    expect(encodeParamValue('us west 1')).toBe('us west 1');
    expect(encodeParamValue('')).toBe('');
    expect(encodeParamValue(3.14159)).toBe('3.14159');
    expect(encodeParamValue(true)).toBe('true');
    expect(encodeParamValue({ a: 1 })).toBeUndefined();
  });
});

describe('ToolsCapability with x-mcp-header (a 2026 SDK server, the client in a page)', () => {
  let seen: IncomingHttpHeaders[] = [];
  let url = '';
  let close: () => Promise<void> = async () => undefined;
  let client: Client;
  const calls = new CallRegistry();
  const host: CapabilityHost = {
    ...NO_INPUT,
    request: async (spec, run) => {
      const call = calls.begin(spec);
      try {
        return await run(client, call);
      } finally {
        calls.end(call);
      }
    },
    loaded: () => undefined,
    warn: () => undefined,
    timeoutMs: () => 5000,
  };
  const tools = new ToolsCapability(host);

  beforeAll(async () => {
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'headers', version: '1' });
      const schema = {
        type: 'object' as const,
        properties: { region: { type: 'string' as const, 'x-mcp-header': 'Region' }, note: { type: 'string' as const } },
        required: ['region'],
      };
      const inputSchema = fromJsonSchema<{ region: string }>(schema);
      server.registerTool('route', { description: 'Routes by region', inputSchema }, async ({ region }) => ({
        content: [{ type: 'text', text: `routed to ${region}` }],
      }));
      return server;
    });
    const node = toNodeHandler(handler);
    const http = createServer((req, res) => {
      seen.push(req.headers);
      void node(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    close = async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    };
    client = new Client(
      { name: 'test', version: '1' },
      { capabilities: {}, versionNegotiation: { mode: 'auto' }, ...tools.clientOptions() },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const call = calls.begin({ methods: tools.loadMethods });
    await tools.load(client, call);
    calls.end(call);
  });
  afterAll(async () => {
    await client.close();
    await close();
  });

  it('sends Mcp-Param-Region where the SDK sends none (in a browser), and the server accepts the call', async () => {
    expect(client.getProtocolEra()).toBe('modern');
    // What the SDK checks to decide it runs in a page (where it leaves Mcp-Param-* out).
    const page = globalThis as { window?: unknown; document?: unknown };
    page.window = globalThis;
    page.document = {};
    seen = [];
    try {
      const result = await tools.call('route', { region: 'eu-west3', note: 'x' });
      expect(JSON.stringify(result)).toContain('routed to eu-west3');
    } finally {
      delete page.window;
      delete page.document;
    }
    const posted = seen.find((headers) => headers['mcp-method'] === 'tools/call');
    expect(posted?.['mcp-param-region']).toBe('eu-west3');
    expect(posted?.['mcp-param-note']).toBeUndefined();
  });

  it('names the Mcp-Param header when a preflight that does not allow it blocks the call (as a page sees it)', async () => {
    // A browser whose preflight to this server refuses mcp-param-region: fetch rejects with a bare TypeError.
    const page = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new Headers(init?.headers).has('mcp-param-region')) throw new TypeError('Failed to fetch');
      return globalThis.fetch(input, init);
    }) as typeof fetch;
    const connection = new ServerConnection({
      name: 'headers',
      url,
      headers: {},
      log: new TrafficLog(),
      secrets: new SecretRegistry(),
      fetch: page,
      probeFetch: page,
    });
    try {
      await connection.connect();
      await expect(connection.callTool('route', { region: 'eu-west3' })).rejects.toThrow('Failed to fetch');
      // The card's last problem names the header and the line to add.
      expect(connection.getState().lastProblem?.diagnosis).toMatchObject({
        code: 'cors-header-not-allowed',
        title: 'Blocked by CORS: the preflight does not allow mcp-param-region',
      });
    } finally {
      await connection.disconnect();
    }
  });
});
