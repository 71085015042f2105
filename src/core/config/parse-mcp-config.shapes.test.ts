import { describe, expect, it } from 'vitest';
import { lines, only, parse, server, wildFixture } from './parse-test-helpers';

describe('parseMcpConfig: fragments without outer braces', () => {
  it('wraps a VS Code settings fragment "mcp": {…} and says so (fixture 08)', () => {
    const { result, rows } = parse(wildFixture('08-vscode-context7-fragment.snippet.jsonc'));
    expect(result.config?.dialect).toBe('vscode-settings');
    expect(server(result, 'context7')).toMatchObject({
      url: 'https://mcp.context7.com/mcp',
      transport: 'streamable-http',
      headers: { CONTEXT7_API_KEY: 'YOUR_API_KEY' },
      range: { line: 3, column: 5, offset: 28, length: 10 },
    });
    expect(rows).toEqual([['wrapped-fragment', 'info', 1, 1, '"mcp"']]);
  });

  it('wraps an Opencode fragment "mcp": {name: {type: "remote"}} (fixture 43)', () => {
    const { result } = parse(wildFixture('43-opencode-remote-mcp-fragment.snippet.jsonc'));
    expect(result.config?.dialect).toBe('opencode');
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.url])).toEqual([
      ['context7', 'streamable-http', 'https://mcp.context7.com/mcp'],
    ]);
  });

  it('keeps problem positions in the text as pasted, first line included', () => {
    const text = lines('"mcpServers": { "a": { "url": 5 },', '  "b": { "url": "ftp://b.example.com" } }');
    const { rows } = parse(text);
    expect(rows).toEqual([
      ['wrapped-fragment', 'info', 1, 1, '"mcpServers"'],
      ['bad-url', 'error', 1, 31, '5'],
      ['bad-url', 'error', 2, 17, '"ftp://b.example.com"'],
    ]);
  });

  it('reports a syntax error in a fragment where it is, and the end of the text for a missing brace', () => {
    const { result, rows } = parse('"mcpServers": { "a": { "url": "https://a.example.com/mcp" }');
    expect(result.config).toBeNull();
    expect(rows).toEqual([['json-close-brace-expected', 'error', 1, 60, '']]);
  });
});

describe('parseMcpConfig: one server without a name', () => {
  it('names a remote server after its URL host, with an info note', () => {
    const text = '{ "url": "https://mcp.example.com/mcp", "headers": { "X-Key": "k" } }';
    const { result, rows } = parse(text);
    expect(result.config?.dialect).toBe('single');
    expect(result.config?.servers).toEqual([
      {
        name: 'mcp.example.com',
        url: 'https://mcp.example.com/mcp',
        transport: 'streamable-http',
        headers: { 'X-Key': 'k' },
        disabled: false,
        status: 'ok',
        placeholders: [],
        range: { line: 1, column: 1, offset: 0, length: 1 },
      },
    ]);
    expect(rows).toEqual([['unnamed-server', 'info', 1, 1, '{']]);
    expect(result.problems[0]?.reason).toBe(
      'One server without a name: Glassbox calls it "mcp.example.com". To choose the name, write {"mcpServers": {"mcp.example.com": {…}}}',
    );
  });

  it('names a local one after the package it runs (fixture 42), and checks its fields', () => {
    expect(server(parse(wildFixture('42-single-unnamed-server-object.snippet.json')).result, 'context7-mcp')).toMatchObject({
      transport: 'stdio',
      command: 'npx',
    });
    expect(parse('{ "url": 5, "command": "x" }').rows).toEqual([
      ['unnamed-server', 'info', 1, 1, '{'],
      ['bad-url', 'error', 1, 10, '5'],
      ['url-and-command', 'warning', 1, 13, '"command"'],
    ]);
  });
});

describe('parseMcpConfig: ${VAR:-default}', () => {
  it('uses the default in urls and headers and offers the variable as an input (fixture 23 and headers)', () => {
    const text = lines(
      '{',
      '  "logfire": {',
      '    "type": "http",',
      '    "url": "${LOGFIRE_MCP_URL:-https://logfire-us.pydantic.dev/mcp}",',
      '    "headers": { "X-Region": "${REGION:-us east}", "Authorization": "Bearer ${TOKEN}" }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(server(result, 'logfire')).toMatchObject({
      url: 'https://logfire-us.pydantic.dev/mcp',
      headers: { 'X-Region': 'us east', Authorization: 'Bearer ${TOKEN}' },
      // Only what has no default must be asked for.
      placeholders: ['${TOKEN}'],
      status: 'ok',
    });
    expect(result.config?.inputs).toEqual([
      {
        id: 'LOGFIRE_MCP_URL',
        description: 'Environment variable LOGFIRE_MCP_URL',
        password: false,
        default: 'https://logfire-us.pydantic.dev/mcp',
        source: 'env',
      },
      { id: 'REGION', description: 'Environment variable REGION', password: false, default: 'us east', source: 'env' },
    ]);
    expect(rows).toEqual([
      ['placeholder-default', 'info', 4, 12, '"${LOGFIRE_MCP_URL:-https://logfire-us.pydantic.dev/mcp}"'],
      ['placeholder-default', 'info', 5, 30, '"${REGION:-us east}"'],
    ]);
    expect(result.problems[0]?.reason).toBe(
      'LOGFIRE_MCP_URL is not set in a browser, so Glassbox uses the default "https://logfire-us.pydantic.dev/mcp"; LOGFIRE_MCP_URL is offered as an input',
    );
  });

  it('checks the default like any address', () => {
    expect(parse('{"a": {"url": "${U:-ftp://x.example.com}"}}').rows.map((row) => row[0])).toEqual(['bad-url', 'placeholder-default']);
  });
});

describe('parseMcpConfig: JSON that is not an MCP config', () => {
  it('gives one "no MCP servers here" instead of a server per key (fixture 12)', () => {
    const { result, rows } = parse(wildFixture('12-cursor-dubhe-not-an-mcp-config.json'));
    expect(result.config).toEqual({ dialect: 'none', servers: [], inputs: [] });
    expect(rows).toEqual([['not-an-mcp-config', 'error', 2, 3, '"tools"']]);
    expect(only(result, 'not-an-mcp-config').reason).toBe(
      'No MCP servers here: this JSON has none of the keys that hold servers ("mcpServers", "servers", "mcp", "context_servers"), and its keys ("tools") are not servers',
    );
  });

  it('still reads a bare map when one of its entries is a server, reporting the broken ones', () => {
    const { result, rows } = parse('{"good": {"url": "https://a.example.com/mcp"}, "odd": {"note": "x"}}');
    expect(result.config?.servers.map((s) => [s.name, s.status])).toEqual([
      ['good', 'ok'],
      ['odd', 'invalid'],
    ]);
    expect(rows.map((row) => row[0])).toEqual(['missing-url-and-command']);
  });

  it('reads servers one wrapper key down, like Augment\'s "augment.advanced" (fixture 44)', () => {
    const { result, rows } = parse(wildFixture('44-augment-mcpservers-array-fragment.snippet.jsonc'));
    expect(server(result, 'context7')).toMatchObject({ transport: 'stdio', command: 'npx' });
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['wrapped-fragment', 'info'],
      ['dialect-note', 'info'],
      ['needs-local-process', 'warning'],
    ]);
  });
});
