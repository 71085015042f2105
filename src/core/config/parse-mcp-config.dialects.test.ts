import { describe, expect, it } from 'vitest';
import { lines, only, parse, server, wildFixture } from './parse-test-helpers';

describe('parseMcpConfig: VS Code user settings', () => {
  it('reads "mcp": {"servers", "inputs"} inside a whole settings.json', () => {
    const text = lines(
      '{',
      '  "editor.fontSize": 14,',
      '  "github.copilot.enable": { "*": true },',
      '  "mcp": {',
      '    "inputs": [{ "type": "promptString", "id": "pat", "description": "GitHub PAT", "password": true }],',
      '    "servers": {',
      '      "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer ${input:pat}" } }',
      '    }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(rows).toEqual([]);
    expect(result.config?.dialect).toBe('vscode-settings');
    expect(result.config?.inputs).toEqual([{ id: 'pat', description: 'GitHub PAT', password: true }]);
    expect(server(result, 'github')).toMatchObject({
      transport: 'streamable-http',
      status: 'ok',
      headers: { Authorization: 'Bearer ${input:pat}' },
      placeholders: ['${input:pat}'],
      range: { line: 7, column: 7, length: 8 },
    });
  });

  it("reads the stdio server of github-mcp-server's README snippet (fixture 07)", () => {
    const { result, rows } = parse(wildFixture('07-vscode-settings-nested-mcp-key.snippet.json'));
    expect(result.config?.inputs.map((input) => input.id)).toEqual(['github_token']);
    expect(server(result, 'github')).toMatchObject({ transport: 'stdio', command: 'docker', status: 'needs-local-process' });
    expect(rows).toEqual([['needs-local-process', 'warning', 13, 9, '"command"']]);
  });

  it('locates a problem in a server under "mcp"."servers"', () => {
    const { rows } = parse('{"mcp": {"servers": {"a": {"type": "http", "url": 5}}}}');
    expect(rows).toEqual([['bad-url', 'error', 1, 51, '5']]);
  });
});

describe('parseMcpConfig: Zed', () => {
  const zedSettings = lines(
    '// Zed settings',
    '{',
    '  "theme": "One Dark",',
    '  "agent": { "profiles": { "write": { "context_servers": {} } } },',
    '  "context_servers": {',
    '    "github": { "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer ghp_x" } },',
    '    "legacy": { "command": { "path": "/usr/local/bin/my-server", "args": ["run"], "env": {} }, "settings": {} },',
    '    "plain": { "command": "npx", "args": ["-y", "@upstash/context7-mcp"] }',
    '  }',
    '}',
  );

  it('reads remote servers, command objects and command strings inside a whole settings file', () => {
    const { result, rows } = parse(zedSettings);
    expect(result.config?.dialect).toBe('zed');
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.status, s.url ?? s.command, s.args])).toEqual([
      ['github', 'streamable-http', 'ok', 'https://api.githubcopilot.com/mcp/', undefined],
      ['legacy', 'stdio', 'needs-local-process', '/usr/local/bin/my-server', ['run']],
      ['plain', 'stdio', 'needs-local-process', 'npx', ['-y', '@upstash/context7-mcp']],
    ]);
    expect(server(result, 'github').headers).toEqual({ Authorization: 'Bearer ghp_x' });
    // The profile's "context_servers" (a tool filter) is not where the servers are.
    expect(rows).toEqual([
      ['json-comment', 'warning', 1, 1, '// Zed settings'],
      ['needs-local-process', 'warning', 7, 17, '"command"'],
      ['needs-local-process', 'warning', 8, 16, '"command"'],
    ]);
  });

  it('says a Zed settings file without "context_servers" has no MCP servers (fixture 34)', () => {
    const { result } = parse(wildFixture('34-zed-dotfiles-profile-context-servers-trap.jsonc'));
    expect(result.config?.servers).toEqual([]);
    expect(only(result, 'not-an-mcp-config').message).toBe(
      'Line 10, column 3: No MCP servers here: this JSON has none of the keys that hold servers ("mcpServers", "servers", "mcp", "context_servers"), and its keys ("buffer_font_weight", "ssh_connections", "show_completions_on_input", "show_edit_predictions", "edit_predictions", and 14 more) are not servers',
    );
  });
});

describe('parseMcpConfig: Continue', () => {
  it('reads "mcpServers" as a list of named servers, naming each from its "name"', () => {
    const text = lines(
      '{',
      '  "mcpServers": [',
      '    { "name": "docs", "type": "streamable-http", "url": "https://docs.example.com/mcp" },',
      '    { "name": "old", "type": "sse", "url": "https://old.example.com/sse" },',
      '    { "name": "web", "type": "stdio", "command": "node", "args": ["./dist/index.js"], "env": { "KEY": "${env:KEY}" } }',
      '  ]',
      '}',
    );
    const { result, rows } = parse(text);
    expect(result.config?.dialect).toBe('mcpServers');
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.range.line, s.range.column])).toEqual([
      ['docs', 'streamable-http', 3, 15],
      ['old', 'sse', 4, 15],
      ['web', 'stdio', 5, 15],
    ]);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['legacy-sse', 'info', 4, 30],
      ['needs-local-process', 'warning', 5, 39],
    ]);
  });

  it('reads the older experimental.modelContextProtocolServers with a nested transport (fixture 35)', () => {
    const { result } = parse(wildFixture('35-continue-experimental-mcp-servers-windows-path.json'));
    expect(result.config?.dialect).toBe('continue');
    expect(server(result, 'go-mcp-commander')).toMatchObject({
      transport: 'stdio',
      command: 'C:\\dev\\go-mcp-commander\\go-mcp-commander.exe',
      args: ['-log-level', 'info'],
      range: { line: 5, column: 17 },
    });
  });

  it('checks each listed server against the schema and names an unnamed one', () => {
    const { result, rows } = parse('{"mcpServers": [{"type": "streamable-http", "url": 5}, "x"]}');
    expect(rows).toEqual([
      ['bad-url', 'error', 1, 52, '5'],
      ['entry-not-object', 'error', 1, 56, '"x"'],
    ]);
    expect(result.config?.servers.map((s) => [s.name, s.status])).toEqual([
      ['server', 'invalid'],
      ['server-2', 'invalid'],
    ]);
  });
});

describe('parseMcpConfig: Continue names', () => {
  it('reports a name given twice and uses the later entry; unnamed entries get names of their own', () => {
    const text = lines(
      '{"mcpServers": [',
      '  { "name": "docs", "url": "https://old.example.com/mcp" },',
      '  { "name": "docs", "url": "https://new.example.com/mcp" },',
      '  { "url": "https://mcp.example.com/a" },',
      '  { "url": "https://mcp.example.com/b" }',
      ']}',
    );
    const { result, rows } = parse(text);
    expect(result.config?.servers.map((s) => [s.name, s.url])).toEqual([
      ['docs', 'https://new.example.com/mcp'],
      ['mcp.example.com', 'https://mcp.example.com/a'],
      ['mcp.example.com-4', 'https://mcp.example.com/b'],
    ]);
    expect(rows).toEqual([['duplicate-server', 'warning', 3, 13, '"docs"']]);
    expect(result.problems[0]?.reason).toBe('Server "docs" is defined again here (first on line 2): only this later definition is used');
  });
});

describe('parseMcpConfig: Opencode', () => {
  it('reads "mcp" with type remote (url, headers) and local (command list), and "enabled": false', () => {
    const text = lines(
      '{',
      '  "$schema": "https://opencode.ai/config.json",',
      '  "mcp": {',
      '    "context7": { "type": "remote", "url": "https://mcp.context7.com/mcp", "headers": { "CONTEXT7_API_KEY": "k" }, "enabled": true },',
      '    "local": { "type": "local", "command": ["npx", "-y", "my-mcp"], "environment": { "A": "1" } },',
      '    "off": { "type": "remote", "url": "https://off.example.com/mcp", "enabled": false }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(result.config?.dialect).toBe('opencode');
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.status])).toEqual([
      ['context7', 'streamable-http', 'ok'],
      ['local', 'stdio', 'needs-local-process'],
      ['off', 'streamable-http', 'disabled'],
    ]);
    expect(server(result, 'context7').headers).toEqual({ CONTEXT7_API_KEY: 'k' });
    expect(server(result, 'local')).toMatchObject({ command: 'npx', args: ['-y', 'my-mcp'] });
    // "enabled" and "environment" are Opencode's own keys here, not typos.
    expect(rows).toEqual([['needs-local-process', 'warning', 5, 33, '"command"']]);
  });
});

describe('parseMcpConfig: Cline', () => {
  it('reads a url without type as SSE, streamableHttp as streamable HTTP, timeout in seconds, disabled', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "events": { "url": "https://events.example.com/sse", "disabled": false, "autoApprove": [] },',
      '    "github": { "type": "streamableHttp", "url": "https://api.githubcopilot.com/mcp/", "timeout": 60, "autoApprove": ["get_me"] },',
      '    "paused": { "url": "https://paused.example.com/sse", "disabled": true, "alwaysAllow": [] }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.status, s.timeoutMs])).toEqual([
      ['events', 'sse', 'ok', undefined],
      ['github', 'streamable-http', 'ok', 60000],
      ['paused', 'sse', 'disabled', undefined],
    ]);
    expect(rows).toEqual([
      ['legacy-sse', 'info', 3, 17, '"url"'],
      ['not-applied', 'info', 4, 103, '"autoApprove"'],
      ['legacy-sse', 'info', 5, 17, '"url"'],
    ]);
    expect(result.problems[0]?.reason).toBe(
      'Cline reads a plain "url" without "type" as "sse" (write "type": "streamableHttp" for streamable HTTP). "sse" is the 2024 HTTP+SSE transport: Glassbox opens its GET event stream at this address and posts to the endpoint it names (if the server also offers streamable HTTP, often at /mcp, "type": "http" there is the newer transport)',
    );
  });
});

describe('parseMcpConfig: Gemini CLI', () => {
  it('reads url as SSE and httpUrl as streamable HTTP in a settings.json, with headers and a timeout in ms', () => {
    const text = lines(
      '{',
      '  "theme": "GitHub",',
      '  "selectedAuthType": "oauth-personal",',
      '  "mcpServers": {',
      '    "liferay": { "url": "http://localhost:8080/o/mcp/sse", "headers": { "Authorization": "Basic x" } },',
      '    "expo": { "httpUrl": "https://mcp.expo.dev/mcp", "timeout": 30000, "trust": false, "excludeTools": ["delete"] }',
      '  }',
      '}',
    );
    const { result, rows } = parse(text);
    expect(result.config?.servers.map((s) => [s.name, s.transport, s.url, s.timeoutMs])).toEqual([
      ['liferay', 'sse', 'http://localhost:8080/o/mcp/sse', undefined],
      ['expo', 'streamable-http', 'https://mcp.expo.dev/mcp', 30000],
    ]);
    expect(server(result, 'liferay').headers).toEqual({ Authorization: 'Basic x' });
    expect(rows).toEqual([
      ['legacy-sse', 'info', 5, 18, '"url"'],
      ['not-applied', 'info', 6, 88, '"excludeTools"'],
    ]);
    expect(result.problems[0]?.reason).toMatch(
      /^Gemini CLI reads a plain "url" without "type" as "sse" \("httpUrl" is streamable HTTP\)\. /,
    );
  });

  it('keeps a plain url as streamable HTTP in a file without anything of Gemini (Cursor), noting an /sse path', () => {
    const { result, rows } = parse(
      '{"mcpServers": {"a": {"url": "https://a.example.com/mcp"}, "b": {"url": "http://localhost:3333/sse"}}}',
    );
    expect(result.config?.servers.map((s) => s.transport)).toEqual(['streamable-http', 'streamable-http']);
    expect(rows).toEqual([['sse-path', 'info', 1, 73, '"http://localhost:3333/sse"']]);
  });
});
