import { describe, expect, it } from 'vitest';
import { setServerUrls } from './set-server-urls';

describe('setServerUrls', () => {
  it('points an existing entry at the new URL, keeping its name, comments and other fields', () => {
    const text = `{
  // mine
  "mcpServers": {
    "weather": { "url": "http://127.0.0.1:4101/mcp", "headers": { "X-Team": "a" } },
    "local": { "command": "npx", "args": ["server"] }
  }
}`;
    const out = setServerUrls(text, [
      { name: 'weather', url: 'https://weather.mock.invalid/mcp' },
      { name: 'local', url: 'https://local.mock.invalid/mcp' },
    ]);
    expect(out).toContain('// mine');
    const parsed = JSON.parse(out.replace('// mine', '')) as { mcpServers: Record<string, Record<string, unknown>> };
    expect(parsed.mcpServers['weather']).toEqual({ url: 'https://weather.mock.invalid/mcp', headers: { 'X-Team': 'a' } });
    expect(parsed.mcpServers['local']).toEqual({ url: 'https://local.mock.invalid/mcp' });
  });

  it('adds a missing entry, also to an empty text or a VS Code "servers" map', () => {
    expect(JSON.parse(setServerUrls('', [{ name: 'a', url: 'https://a.mock.invalid/mcp' }]))).toEqual({
      mcpServers: { a: { url: 'https://a.mock.invalid/mcp' } },
    });
    expect(JSON.parse(setServerUrls('{"servers": {}}', [{ name: 'a', url: 'https://a.mock.invalid/mcp' }]))).toEqual({
      servers: { a: { url: 'https://a.mock.invalid/mcp' } },
    });
  });

  it('says what to add by hand to a config it cannot edit', () => {
    expect(() => setServerUrls('{"mcpServers": []}', [{ name: 'a', url: 'https://a.mock.invalid/mcp' }])).toThrow(
      'The config keeps its servers in a form that cannot be edited here: add "a": { "url": "https://a.mock.invalid/mcp" } to it yourself.',
    );
  });
});
