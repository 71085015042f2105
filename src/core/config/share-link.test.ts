import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-mcp-config';
import { decodeConfigFragment, encodeConfigFragment, ShareLinkError, stripSecrets } from './share-link';

const CONFIG = `{
  // shared from my laptop
  "mcpServers": {
    "weather": {
      "url": "https://weather.example.com/mcp?tenant=acme&api_key=sk-live-123",
      "headers": { "Authorization": "Bearer sk-secret", "X-Count": 3 },
    },
    "files": {
      "command": "npx",
      "args": ["-y", "mcp-remote", "https://files.example.com/mcp", "--header", "Authorization: Bearer tok-456"],
      "env": { "TOKEN": "tok-789", "DEBUG": null }
    }
  }
}
`;

const STRIPPED = `{
  // shared from my laptop
  "mcpServers": {
    "weather": {
      "url": "https://weather.example.com/mcp?tenant=acme&api_key=",
      "headers": { "Authorization": "", "X-Count": "" },
    },
    "files": {
      "command": "npx",
      "args": ["-y", "mcp-remote", "https://files.example.com/mcp", "--header", "Authorization:"],
      "env": { "TOKEN": "", "DEBUG": null }
    }
  }
}
`;

describe('share links', () => {
  it('strips header values, env values, header arguments and credential query parameters, keeping everything else', () => {
    expect(stripSecrets(CONFIG)).toBe(STRIPPED);
  });

  it('round-trips the stripped text, with no secret left in the link', () => {
    const fragment = encodeConfigFragment(CONFIG);
    expect(fragment).toMatch(/^#config=[A-Za-z0-9_-]+$/);
    const decoded = decodeConfigFragment(fragment);
    expect(decoded).toBe(STRIPPED);
    for (const secret of ['sk-live-123', 'sk-secret', 'tok-456', 'tok-789']) expect(decoded).not.toContain(secret);
    // The shared text still parses to the same servers.
    expect(parseMcpConfig(decoded ?? '').config?.servers.map((server) => [server.name, server.status])).toEqual([
      ['weather', 'ok'],
      ['files', 'needs-local-process'],
    ]);
  });

  it('keeps non-ASCII text intact', () => {
    const text = '{"mcpServers": {"météo ☀️": {"url": "https://例え.jp/mcp"}}}';
    expect(decodeConfigFragment(encodeConfigFragment(text))).toBe(text);
  });

  it('strips headers in every dialect and leaves placeholders out too', () => {
    const text = '{"servers": {"a": {"type": "http", "url": "https://a", "headers": {"Authorization": "Bearer ${input:token}"}}}}';
    expect(stripSecrets(text)).toBe('{"servers": {"a": {"type": "http", "url": "https://a", "headers": {"Authorization": ""}}}}');
  });

  it('strips secrets from a fragment pasted without outer braces and from the new dialects, keeping the rest as is', () => {
    const fragment =
      '"mcp": {\n  "ctx": { "type": "remote", "url": "https://c", "headers": { "KEY": "secret" }, "environment": { "T": "t" } }\n}';
    expect(stripSecrets(fragment)).toBe(
      '"mcp": {\n  "ctx": { "type": "remote", "url": "https://c", "headers": { "KEY": "" }, "environment": { "T": "" } }\n}',
    );
    const zed = '{"context_servers": {"z": {"command": {"path": "z", "env": {"TOKEN": "secret"}}}}}';
    expect(stripSecrets(zed)).toBe('{"context_servers": {"z": {"command": {"path": "z", "env": {"TOKEN": ""}}}}}');
  });

  it('accepts the fragment with or without "#", among other keys, with padding or standard base64', () => {
    const text = '{"a": {"url": "https://a.example.com/?q=>>>"}}';
    const standard = btoa(text); // has padding and may use + and /
    expect(standard.endsWith('=')).toBe(true);
    expect(standard).toMatch(/[+/]/);
    expect(decodeConfigFragment(`#config=${standard}`)).toBe(text);
    expect(decodeConfigFragment(`config=${encodeURIComponent(standard)}`)).toBe(text);
    const encoded = encodeConfigFragment(text).slice('#config='.length);
    expect(decodeConfigFragment(`#view=traffic&config=${encoded}&x=1`)).toBe(text);
    expect(decodeConfigFragment(`config=${encoded}==`)).toBe(text);
  });

  it('returns null for anything unreadable', () => {
    expect(decodeConfigFragment('')).toBeNull();
    expect(decodeConfigFragment('#')).toBeNull();
    expect(decodeConfigFragment('#other=abc')).toBeNull();
    expect(decodeConfigFragment('#config=')).toBeNull();
    expect(decodeConfigFragment('#config=@@@@')).toBeNull();
    expect(decodeConfigFragment('#config=%E0%A4%A')).toBeNull();
    expect(decodeConfigFragment('#config=abcde')).toBeNull(); // impossible length
    expect(decodeConfigFragment(`#config=${btoa('\xff\xfe\xfd')}`)).toBeNull(); // not UTF-8
  });

  // The share link had a policy of its own for args (three flags, `--header`, http URLs' queries):
  // each of these was hidden on the page and kept in the link. It now uses the page's policy.
  it('empties in args every secret the page hides in a command line', () => {
    const args = [
      'GITHUB_TOKEN=ghp_abcdef123456',
      '--password',
      'hunter22',
      '--access-token',
      'tok-1',
      'sk-live-0123456789',
      '-H',
      'Authorization: Bearer tok-2',
      '--headers',
      'X-Count',
      '3',
      'wss://h.example/ws?token=tok-3',
      'https://alice:pw-4@h.example/mcp',
      '--region',
      'eu',
      2,
    ];
    const text = JSON.stringify({ mcpServers: { a: { command: 'npx', args }, b: { url: 'https://bob:pw-5@h.example/mcp?city=Paris' } } });
    expect(JSON.parse(stripSecrets(text))).toEqual({
      mcpServers: {
        a: {
          command: 'npx',
          args: [
            'GITHUB_TOKEN=',
            '--password',
            '',
            '--access-token',
            '',
            '',
            '-H',
            'Authorization:',
            '--headers',
            'X-Count',
            '',
            'wss://h.example/ws?token=',
            'https://alice:@h.example/mcp',
            '--region',
            'eu',
            2,
          ],
        },
        b: { url: 'https://bob:@h.example/mcp?city=Paris' },
      },
    });
  });

  it('refuses to encode text with syntax errors, since secrets cannot be located', () => {
    const broken = '{"mcpServers": {"a": {"headers": {"Authorization": \'Bearer sk-secret\'}}}}';
    expect(() => encodeConfigFragment(broken)).toThrow(ShareLinkError);
    try {
      encodeConfigFragment(broken);
    } catch (error) {
      expect((error as ShareLinkError).code).toBe('config-has-syntax-errors');
    }
  });
});
