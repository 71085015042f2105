import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-mcp-config';
import { lines, only, parse, server } from './parse-test-helpers';

describe('parseMcpConfig: dialects', () => {
  it('reads the mcpServers dialect (Claude Desktop, Cursor)', () => {
    const { result } = parse(
      lines(
        '{',
        '  "mcpServers": {',
        '    "weather": { "url": "https://weather.example.com/mcp", "headers": { "Authorization": "Bearer abc" }, "timeout": 30000 },',
        '    "off": { "url": "https://off.example.com/mcp", "disabled": true }',
        '  }',
        '}',
      ),
    );
    expect(result.problems).toEqual([]);
    expect(result.config).toEqual({
      dialect: 'mcpServers',
      inputs: [],
      servers: [
        {
          name: 'weather',
          url: 'https://weather.example.com/mcp',
          transport: 'streamable-http',
          headers: { Authorization: 'Bearer abc' },
          disabled: false,
          timeoutMs: 30000,
          status: 'ok',
          placeholders: [],
          range: { line: 3, column: 5, offset: 24, length: 9 },
        },
        {
          name: 'off',
          url: 'https://off.example.com/mcp',
          transport: 'streamable-http',
          headers: {},
          disabled: true,
          status: 'disabled',
          placeholders: [],
          range: { line: 4, column: 5, offset: 149, length: 5 },
        },
      ],
    });
  });

  it('reads the VS Code servers dialect with inputs', () => {
    const { result, rows } = parse(
      lines(
        '{',
        '  "inputs": [{ "type": "promptString", "id": "token", "description": "API token", "password": true }],',
        '  "servers": {',
        '    "github": { "type": "http", "url": "https://api.example.com/mcp/", "headers": { "Authorization": "Bearer ${input:token}" } },',
        '    "legacy": { "type": "sse", "url": "https://legacy.example.com/sse" }',
        '  }',
        '}',
      ),
    );
    expect(result.config?.dialect).toBe('servers');
    expect(result.config?.inputs).toEqual([{ id: 'token', description: 'API token', password: true }]);
    expect(server(result, 'github')).toMatchObject({ transport: 'streamable-http', status: 'ok', placeholders: ['${input:token}'] });
    expect(server(result, 'legacy')).toMatchObject({ transport: 'sse', status: 'ok' });
    expect(rows).toEqual([['legacy-sse', 'info', 5, 25, '"sse"']]);
    expect(only(result, 'legacy-sse').message).toBe(
      'Line 5, column 25: "sse" is the 2024 HTTP+SSE transport: Glassbox opens its GET event stream at this address and posts to the endpoint it names (if the server also offers streamable HTTP, often at /mcp, "type": "http" there is the newer transport)',
    );
  });

  it('reads a bare map of servers, ignoring "$schema" and "inputs"', () => {
    const { result } = parse(
      '{ "$schema": "https://x/s.json", "a": { "url": "https://a.example.com/mcp" }, "b": { "endpoint": "https://b.example.com/mcp" } }',
    );
    expect(result.problems).toEqual([]);
    expect(result.config?.dialect).toBe('bare');
    expect(result.config?.servers.map((s) => [s.name, s.url, s.status])).toEqual([
      ['a', 'https://a.example.com/mcp', 'ok'],
      ['b', 'https://b.example.com/mcp', 'ok'],
    ]);
  });

  it('reads Windsurf serverUrl and Gemini httpUrl as streamable HTTP', () => {
    const { result, rows } = parse(
      JSON.stringify({
        mcpServers: {
          windsurf: { serverUrl: 'https://w.example.com/mcp', headers: { 'X-Key': '${env:W_KEY}' } },
          gemini: { httpUrl: 'https://g.example.com/mcp', timeout: 5000, trust: true, includeTools: ['a'] },
          cline: { url: 'https://c.example.com/mcp', type: 'streamableHttp' },
        },
      }),
    );
    // Gemini's tool filter is read but not applied: said once, as an info.
    expect(rows).toEqual([['not-applied', 'info', 1, 180, '"includeTools"']]);
    expect(server(result, 'windsurf')).toMatchObject({
      url: 'https://w.example.com/mcp',
      transport: 'streamable-http',
      placeholders: ['${env:W_KEY}'],
    });
    expect(server(result, 'gemini')).toMatchObject({ url: 'https://g.example.com/mcp', transport: 'streamable-http', timeoutMs: 5000 });
    expect(server(result, 'cline')).toMatchObject({ transport: 'streamable-http', status: 'ok' });
  });

  it('uses mcpServers and warns that servers is ignored when both are present', () => {
    const { result, rows } = parse(
      '{"mcpServers": {"a": {"url": "https://a.example.com"}}, "servers": {"b": {"url": "https://b.example.com"}}}',
    );
    expect(result.config?.dialect).toBe('mcpServers');
    expect(result.config?.servers.map((s) => s.name)).toEqual(['a']);
    expect(rows).toEqual([['ignored-key', 'warning', 1, 57, '"servers"']]);
  });

  it('counts columns after CRLF line breaks from the line start', () => {
    const { rows } = parse('{\r\n  "mcpServers": {\r\n    "a": { "url": 5 }\r\n  }\r\n}');
    expect(rows).toEqual([['bad-url', 'error', 3, 19, '5']]);
  });
});

describe('parseMcpConfig: JSON syntax', () => {
  it('reports a missing closing brace at the end of the text', () => {
    const { result, rows } = parse(lines('{', '  "mcpServers": {', '    "a": { "url": "https://a.example.com" }', '  }'));
    expect(result.config).toBeNull();
    expect(rows).toEqual([['json-close-brace-expected', 'error', 4, 4, '']]);
    expect(result.problems[0]?.message).toBe('Line 4, column 4: Unexpected end of text: a "}" is missing');
  });

  it('reports each missing comma between entries', () => {
    const { result, rows } = parse(
      lines('{', '  "mcpServers": {', '    "a": { "url": "https://a" }', '    "b": { "url": "https://b" "type": "http" }', '  }', '}'),
    );
    expect(rows).toEqual([
      ['json-comma-expected', 'error', 4, 5, '"b"'],
      ['json-comma-expected', 'error', 4, 31, '"type"'],
    ]);
    expect(result.problems[0]?.reason).toBe('A "," is missing before this entry');
  });

  it('reports single quotes once, without the follow-on errors', () => {
    const { result, rows } = parse(lines('{', "  'mcpServers': {", '    "a": { "url": "https://a" }', '  }', '}'));
    expect(rows).toEqual([['json-invalid-symbol', 'error', 2, 3, "'mcpServers'"]]);
    expect(result.problems[0]?.reason).toBe('Unexpected character "\'": JSON strings and names use double quotes, like "url"');
  });

  it('reports unquoted names', () => {
    const { result } = parse('{ mcpServers: {} }');
    expect(result.problems.map((p) => p.message)).toEqual([
      'Line 1, column 3: Unexpected word "mcpServers": names and text in JSON go in double quotes, like "mcpServers"',
    ]);
  });

  it('reads a member pasted without the outer braces as if wrapped, with an info note', () => {
    const { result, rows } = parse('"mcpServers": {}');
    expect(rows).toEqual([
      ['no-servers', 'warning', 1, 1, '"mcpServers"'],
      ['wrapped-fragment', 'info', 1, 1, '"mcpServers"'],
    ]);
    expect(result.problems[1]?.reason).toBe('The text has no outer { and }: Glassbox reads it as if it were wrapped in them');
    expect(result.config).toEqual({ dialect: 'mcpServers', servers: [], inputs: [] });
  });

  it('explains single backslashes in Windows paths', () => {
    const { rows } = parse('{"mcpServers": {"fs": {"command": "C:\\tools\\x.exe"}}}');
    expect(rows).toEqual([['json-invalid-escape', 'error', 1, 35, '"C:\\tools\\x.exe"']]);
  });

  it('reports an unterminated string and an empty text', () => {
    expect(parse('{"mcpServers": {"a": {"url": "https://a').rows).toEqual([['json-unterminated-string', 'error', 1, 30, '"https://a']]);
    expect(parse(' \n ').rows).toEqual([['empty-text', 'error', 1, 1, '']]);
    expect(parseMcpConfig('').config).toBeNull();
  });

  it('parses comments and trailing commas but warns about each', () => {
    const { result, rows } = parse(
      lines('{', '  // my servers', '  "mcpServers": {', '    "a": { "url": "https://a.example.com/mcp", /* primary */ },', '  },', '}'),
    );
    expect(result.config?.servers.map((s) => [s.name, s.status])).toEqual([['a', 'ok']]);
    expect(rows).toEqual([
      ['json-comment', 'warning', 2, 3, '// my servers'],
      ['json-trailing-comma', 'warning', 4, 46, ','],
      ['json-comment', 'warning', 4, 48, '/* primary */'],
      ['json-trailing-comma', 'warning', 4, 63, ','],
      ['json-trailing-comma', 'warning', 5, 4, ','],
    ]);
  });

  it('refuses a document that is not an object', () => {
    const { result, rows } = parse('[{"url": "https://a"}]');
    expect(result.config).toBeNull();
    expect(rows).toEqual([['not-an-object', 'error', 1, 1, '[']]);
  });
});
