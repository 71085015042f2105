import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-mcp-config';
import { lines, only, parse, server } from './parse-test-helpers';

describe('parseMcpConfig: server problems', () => {
  it('keeps the other servers when one entry is broken, and pins every problem', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "good": { "url": "https://good.example.com/mcp" },',
      '    "text": "https://oops.example.com",',
      '    "nothing": { "description": "no address" },',
      '    "number": { "url": 42 },',
      '    "relative": { "url": "/mcp" },',
      '    "noscheme": { "url": "localhost:3000/mcp" },',
      '    "socket": { "url": "wss://x.example.com", "type": "websocket" },',
      '    "slow": { "url": "https://s.example.com", "timeout": 2.5 },',
      '    "zero": { "url": "https://z.example.com", "timeout": 0 },',
      '    "short": { "url": "https://t.example.com", "timeout": 30 },',
      '    "flag": { "url": "https://f.example.com", "disabled": "yes" }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(rows).toEqual([
      ['entry-not-object', 'error', 4, 13, '"https://oops.example.com"'],
      ['missing-url-and-command', 'error', 5, 5, '"nothing"'],
      ['bad-url', 'error', 6, 24, '42'],
      ['bad-url', 'error', 7, 26, '"/mcp"'],
      ['bad-url', 'error', 8, 26, '"localhost:3000/mcp"'],
      ['bad-url', 'error', 9, 24, '"wss://x.example.com"'],
      ['unknown-transport', 'error', 9, 55, '"websocket"'],
      ['bad-timeout', 'error', 10, 58, '2.5'],
      ['bad-timeout', 'error', 11, 58, '0'],
      ['small-timeout', 'warning', 12, 59, '30'],
      ['wrong-type', 'error', 13, 59, '"yes"'],
    ]);
    const messages = result.problems.map((problem) => problem.message);
    expect(messages).toEqual([
      'Line 4, column 13: Server "text" must be an object, like {"url": "https://example.com/mcp"}',
      'Line 5, column 5: Server "nothing" has no "url" (for a remote server, like "https://example.com/mcp") and no "command" (for a local one)',
      'Line 6, column 24: "url" must be a string, like "https://example.com/mcp"',
      'Line 7, column 26: "url" is a path, not an address: add the server\'s origin, like "https://example.com/mcp"',
      'Line 8, column 26: "url" must be an absolute http(s) URL, like "https://example.com/mcp": did you mean "http://localhost:3000/mcp"?',
      'Line 9, column 24: "url" uses wss://, a WebSocket address: MCP servers are reached over http:// or https://',
      'Line 9, column 55: Unknown transport "websocket" in "type": use "http" (streamable HTTP), "sse" (legacy) or "stdio" (a local process)',
      'Line 10, column 58: "timeout" must be a whole number of milliseconds, like 30000',
      'Line 11, column 58: "timeout" must be a positive whole number of milliseconds, like 30000',
      'Line 12, column 59: "timeout" is in milliseconds: 30 means 0.03 seconds. For 30 seconds write 30000',
      'Line 13, column 59: "disabled" must be true or false (without quotes)',
    ]);
    expect(result.problems.map((problem) => problem.server)).toEqual([
      'text',
      'nothing',
      'number',
      'relative',
      'noscheme',
      'socket',
      'socket',
      'slow',
      'zero',
      'short',
      'flag',
    ]);
    expect(result.config?.servers.map((s) => [s.name, s.status])).toEqual([
      ['good', 'ok'],
      ['text', 'invalid'],
      ['nothing', 'invalid'],
      ['number', 'invalid'],
      ['relative', 'invalid'],
      ['noscheme', 'invalid'],
      ['socket', 'invalid'],
      ['slow', 'invalid'],
      ['zero', 'invalid'],
      ['short', 'ok'],
      ['flag', 'invalid'],
    ]);
    expect(server(result, 'short').timeoutMs).toBe(30);
    expect(server(result, 'slow').timeoutMs).toBeUndefined();
  });

  it('marks a whole problem value: offsets, lengths and end positions', () => {
    const { result } = parse('{"mcpServers": {"a": {"url": 42}}}');
    expect(result.problems[0]).toEqual({
      code: 'bad-url',
      severity: 'error',
      message: 'Line 1, column 30: "url" must be a string, like "https://example.com/mcp"',
      reason: '"url" must be a string, like "https://example.com/mcp"',
      line: 1,
      column: 30,
      endLine: 1,
      endColumn: 32,
      offset: 29,
      length: 2,
      path: ['mcpServers', 'a', 'url'],
      server: 'a',
    });
  });

  it('reports bad headers: not an object, non-string value, invalid name, forbidden name, line break, non-Latin-1', () => {
    const { result, rows } = parse(
      lines(
        '{"mcpServers": {',
        '  "a": { "url": "https://a.example.com", "headers": ["Authorization: x"] },',
        '  "b": { "url": "https://b.example.com", "headers": { "X-Count": 3 } },',
        '  "c": { "url": "https://c.example.com", "headers": { "Api Key": "x" } },',
        '  "d": { "url": "https://d.example.com", "headers": { "Cookie": "x" } },',
        '  "e": { "url": "https://e.example.com", "headers": { "A": "x\\ny" } },',
        '  "f": { "url": "https://f.example.com", "headers": { "A": "Bearer \u201ctoken\u201d" } }',
        '}}',
      ),
    );
    expect(rows).toEqual([
      ['bad-headers', 'error', 2, 42, '"headers"'],
      ['bad-headers', 'error', 3, 66, '3'],
      ['bad-headers', 'error', 4, 55, '"Api Key"'],
      ['forbidden-header', 'warning', 5, 55, '"Cookie"'],
      ['bad-headers', 'error', 6, 60, '"x\\ny"'],
      ['bad-headers', 'error', 7, 60, '"Bearer \u201ctoken\u201d"'],
    ]);
    expect(result.problems.map((p) => p.reason)).toEqual([
      '"headers" must be an object of header names to values, like {"Authorization": "Bearer …"}',
      'Header "X-Count" must have a string value, like "Bearer …"',
      'Header name "Api Key" is not valid: use letters, digits and "-" only, like "Authorization" or "X-Api-Key"',
      'A browser does not let a page set the "Cookie" header: it will not be sent',
      'Header "A" contains a line break, which a browser refuses to send',
      'Header "A" contains a character a browser cannot send in a header (outside Latin-1, like a curly quote or "…"): retype it',
    ]);
    expect(result.config?.servers.map((s) => s.status)).toEqual(['invalid', 'invalid', 'invalid', 'ok', 'invalid', 'invalid']);
    expect(server(result, 'd').headers).toEqual({ Cookie: 'x' });
  });

  it('reports duplicate server names and uses the last definition', () => {
    const { result, rows } = parse(
      lines(
        '{"mcpServers": {',
        '  "a": { "url": "https://first.example.com" },',
        '  "a": { "url": "https://second.example.com", "url": "https://third.example.com" }',
        '}}',
      ),
    );
    expect(rows).toEqual([
      ['duplicate-server', 'warning', 3, 3, '"a"'],
      ['duplicate-key', 'warning', 3, 47, '"url"'],
    ]);
    expect(result.problems[0]?.reason).toBe('Server "a" is defined again here (first on line 2): only this later definition is used');
    expect(result.config?.servers.map((s) => [s.name, s.url])).toEqual([['a', 'https://third.example.com']]);
  });

  it('warns about likely typos of known keys', () => {
    const { result, rows } = parse(
      lines(
        '{"mcpServers": {',
        '  "a": { "URL": "https://a.example.com", "header": {}, "disable": true, "timout": 5000, "enabled": false, "trust": true }',
        '}}',
      ),
    );
    expect(rows).toEqual([
      ['missing-url-and-command', 'error', 2, 3, '"a"'],
      ['possible-typo', 'warning', 2, 10, '"URL"'],
      ['possible-typo', 'warning', 2, 42, '"header"'],
      ['possible-typo', 'warning', 2, 56, '"disable"'],
      ['possible-typo', 'warning', 2, 73, '"timout"'],
      ['possible-typo', 'warning', 2, 89, '"enabled"'],
    ]);
    expect(result.problems.slice(1).map((p) => p.reason)).toEqual([
      '"URL" is not a key Glassbox reads: did you mean "url"?',
      '"header" is not a key Glassbox reads: did you mean "headers"?',
      '"disable" is not a key Glassbox reads: did you mean "disabled"?',
      '"timout" is not a key Glassbox reads: did you mean "timeout"?',
      '"enabled" is not a key Glassbox reads: to turn a server off write "disabled": true',
    ]);
  });

  it('checks that the transport and the address agree', () => {
    const { result, rows } = parse(
      lines(
        '{"mcpServers": {',
        '  "a": { "type": "http", "command": "npx" },',
        '  "b": { "type": "stdio", "url": "https://b.example.com" },',
        '  "c": { "url": "https://c.example.com", "command": "npx" },',
        '  "d": { "url": "https://d.example.com", "serverUrl": "https://other.example.com" },',
        '  "e": { "url": "https://e.example.com", "type": "http", "transport": "sse" }',
        '}}',
      ),
    );
    expect(rows).toEqual([
      ['missing-url', 'error', 2, 18, '"http"'],
      ['missing-command', 'error', 3, 18, '"stdio"'],
      ['url-and-command', 'warning', 4, 42, '"command"'],
      ['multiple-urls', 'warning', 5, 42, '"serverUrl"'],
      ['conflicting-transport', 'warning', 6, 71, '"sse"'],
    ]);
    expect(server(result, 'c')).toMatchObject({ transport: 'streamable-http', status: 'ok', url: 'https://c.example.com' });
    expect(server(result, 'd').url).toBe('https://d.example.com');
    expect(server(result, 'e').transport).toBe('streamable-http');
  });

  it('warns about plain http to a remote host, accepts loopback, refuses credentials in the URL', () => {
    const { result } = parse(
      JSON.stringify({
        mcpServers: {
          local: { url: 'http://127.0.0.1:3101/mcp' },
          named: { url: 'http://localhost:3000/mcp' },
          remote: { url: 'http://example.com/mcp' },
          creds: { url: 'https://user:pass@example.com/mcp' },
        },
      }),
    );
    expect(result.problems.map((p) => [p.code, p.server])).toEqual([
      ['insecure-url', 'remote'],
      ['bad-url', 'creds'],
    ]);
    expect(result.config?.servers.map((s) => s.status)).toEqual(['ok', 'ok', 'ok', 'invalid']);
  });

  it('reports no servers, and a misspelled wrapper key instead of a fake server', () => {
    expect(parse('{"mcpServers": {}}').rows).toEqual([['no-servers', 'warning', 1, 2, '"mcpServers"']]);
    expect(parse('{}').rows).toEqual([['no-servers', 'warning', 1, 1, '{']]);
    const misspelled = parseMcpConfig('{"mcpservers": {"a": {"url": "https://a.example.com"}}}');
    expect(misspelled.config?.servers).toEqual([]);
    expect(misspelled.problems.map((p) => [p.code, p.message])).toEqual([
      ['misspelled-wrapper-key', 'Line 1, column 2: "mcpservers" is not a key Glassbox reads: did you mean "mcpServers"?'],
    ]);
    const zed = parseMcpConfig('{"contextServers": {"a": {"url": "https://a.example.com"}}}');
    expect(zed.problems.map((p) => p.reason)).toEqual([
      '"contextServers" is not a key Glassbox reads: did you mean Zed\'s "context_servers"?',
    ]);
  });

  it('reports a server map that is not an object', () => {
    const { result } = parse('{"servers": ["a"]}');
    expect(result.config).toEqual({ dialect: 'servers', servers: [], inputs: [] });
    expect(result.problems.map((p) => [p.code, p.line, p.column, p.reason])).toEqual([
      [
        'wrong-type',
        1,
        2,
        '"servers" must be an object that maps server names to servers, like {"weather": {"url": "https://example.com/mcp"}}',
      ],
    ]);
  });
});

describe('parseMcpConfig: local processes and wrappers', () => {
  it('keeps stdio entries as needs-local-process with the gateway advice', () => {
    const { result } = parse(
      lines(
        '{"mcpServers": {',
        '  "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": { "DEBUG": "1" } }',
        '}}',
      ),
    );
    expect(server(result, 'files')).toEqual({
      name: 'files',
      transport: 'stdio',
      headers: {},
      disabled: false,
      status: 'needs-local-process',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      placeholders: [],
      range: { line: 2, column: 3, offset: 19, length: 7 },
    });
    const problem = only(result, 'needs-local-process');
    expect([problem.severity, problem.line, problem.column]).toEqual(['warning', 2, 14]);
    expect(problem.reason).toContain('needs a local process — a browser cannot start it; run this file through glassbox-bridge');
    expect(problem.reason).toContain('or expose it over HTTP with a stdio-to-HTTP gateway');
  });

  it('recognises mcp-remote and offers its URL and headers', () => {
    const { result } = parse(
      lines(
        '{"mcpServers": {',
        '  "linear": {',
        '    "command": "npx",',
        '    "args": ["-y", "mcp-remote@latest", "https://mcp.linear.app/mcp", "--header", "Authorization: Bearer ${LINEAR_TOKEN}"]',
        '  }',
        '}}',
      ),
    );
    expect(server(result, 'linear')).toMatchObject({
      status: 'needs-local-process',
      transport: 'stdio',
      suggestedUrl: 'https://mcp.linear.app/mcp',
      suggestedHeaders: { Authorization: 'Bearer ${LINEAR_TOKEN}' },
      placeholders: ['${LINEAR_TOKEN}'],
    });
    expect(result.problems.map((p) => [p.code, p.severity, p.line, p.column, p.reason])).toEqual([
      [
        'remote-wrapper',
        'info',
        4,
        41,
        'Server "linear" runs mcp-remote, a local bridge to https://mcp.linear.app/mcp: a browser cannot start it, but Glassbox can connect to that URL directly',
      ],
    ]);
  });

  it('recognises supergateway and mcp-proxy', () => {
    const { result } = parse(
      JSON.stringify({
        mcpServers: {
          gateway: { command: 'npx', args: ['-y', 'supergateway', '--sse', 'https://g.example.com/sse', '--oauth2Bearer', 'tok'] },
          proxy: { command: 'uvx', args: ['mcp-proxy', '--headers', 'X-Api-Key', '$KEY', 'http://127.0.0.1:8080/sse'] },
          other: { command: 'npx', args: ['some-server', 'https://not-a-wrapper.example.com'] },
        },
      }),
    );
    expect(server(result, 'gateway')).toMatchObject({
      suggestedUrl: 'https://g.example.com/sse',
      suggestedHeaders: { Authorization: 'Bearer tok' },
    });
    expect(server(result, 'proxy')).toMatchObject({
      suggestedUrl: 'http://127.0.0.1:8080/sse',
      suggestedHeaders: { 'X-Api-Key': '$KEY' },
      placeholders: ['$KEY'],
    });
    expect(server(result, 'other').suggestedUrl).toBeUndefined();
    expect(result.problems.map((p) => [p.code, p.server])).toEqual([
      ['remote-wrapper', 'gateway'],
      ['remote-wrapper', 'proxy'],
      ['needs-local-process', 'other'],
    ]);
  });
});

describe('parseMcpConfig: placeholders', () => {
  it('lists every placeholder form in url and headers, once each, in order', () => {
    const { result } = parse(
      JSON.stringify({
        inputs: [{ id: 'token', type: 'promptString', password: true }],
        servers: {
          a: {
            type: 'http',
            url: 'https://${env:HOST}/mcp?tenant=$TENANT',
            headers: { Authorization: 'Bearer ${input:token}', 'X-Team': '${TEAM}', 'X-Again': '${input:token}' },
          },
        },
      }),
    );
    expect(result.problems).toEqual([]);
    expect(server(result, 'a').placeholders).toEqual(['${env:HOST}', '$TENANT', '${input:token}', '${TEAM}']);
    expect(server(result, 'a').status).toBe('ok');
  });

  it('does not reject a url that is only a placeholder, and warns about an undeclared input', () => {
    const { result, rows } = parse(
      lines(
        '{"servers": {',
        '  "a": { "type": "http", "url": "${input:address}", "headers": { "Authorization": "${input:missing}" } }',
        '}}',
      ),
    );
    expect(rows).toEqual([
      ['unknown-input', 'warning', 2, 33, '"${input:address}"'],
      ['unknown-input', 'warning', 2, 83, '"${input:missing}"'],
    ]);
    expect(result.problems[1]?.reason).toBe(
      '${input:missing} refers to an input "missing" that "inputs" does not declare: Glassbox will still ask for it',
    );
    expect(server(result, 'a')).toMatchObject({ status: 'ok', placeholders: ['${input:address}', '${input:missing}'] });
  });
});
