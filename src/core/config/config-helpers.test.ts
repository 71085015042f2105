import { describe, expect, it } from 'vitest';
import { checkServerUrl, isLoopbackHost } from './check-server-url';
import { suggestServerKey } from './key-typos';
import { findPlaceholders, parsePlaceholder, replacePlaceholders } from './placeholders';
import { recogniseRemoteWrapper } from './remote-wrappers';
import { TextPositions } from './text-positions';

describe('recogniseRemoteWrapper', () => {
  it('finds the URL after the wrapper, whatever launches it', () => {
    expect(recogniseRemoteWrapper('npx', ['mcp-remote', 'https://a.example.com/sse'])).toEqual({
      tool: 'mcp-remote',
      url: 'https://a.example.com/sse',
      headers: {},
    });
    expect(recogniseRemoteWrapper('cmd', ['/c', 'npx', '-y', 'mcp-remote@0.1.29', 'https://a.example.com/mcp', '9696'])?.url).toBe(
      'https://a.example.com/mcp',
    );
    expect(recogniseRemoteWrapper('/usr/local/bin/mcp-remote', ['https://a.example.com/mcp'])?.tool).toBe('mcp-remote');
    expect(recogniseRemoteWrapper('supergateway.cmd', ['--streamableHttp', 'https://b.example.com/mcp'])?.tool).toBe('supergateway');
  });

  it('ignores other commands, and wrappers without a URL', () => {
    expect(recogniseRemoteWrapper('npx', ['-y', '@modelcontextprotocol/server-fetch', 'https://a.example.com'])).toBeUndefined();
    expect(recogniseRemoteWrapper('npx', ['-y', 'supergateway', '--stdio', 'npx some-server', '--port', '8000'])).toBeUndefined();
    expect(recogniseRemoteWrapper('node', ['mcp-remote-fork.js', 'https://a.example.com'])).toBeUndefined();
  });

  it('reads header arguments in each tool’s syntax', () => {
    expect(
      recogniseRemoteWrapper('npx', ['mcp-remote', 'https://a', '--header', 'Authorization:${AUTH}', '--header', 'broken'])?.headers,
    ).toEqual({
      Authorization: '${AUTH}',
    });
    expect(recogniseRemoteWrapper('uvx', ['mcp-proxy', '-H', 'X-Key', 'v', 'https://a'])?.headers).toEqual({ 'X-Key': 'v' });
  });
});

describe('suggestServerKey', () => {
  it('suggests the known key for case, separator, alias and small spelling slips', () => {
    expect(suggestServerKey('URL')).toBe('url');
    expect(suggestServerKey('server_url')).toBe('serverUrl');
    expect(suggestServerKey('header')).toBe('headers');
    expect(suggestServerKey('disable')).toBe('disabled');
    expect(suggestServerKey('cmd')).toBe('command');
    expect(suggestServerKey('arg')).toBe('args');
    expect(suggestServerKey('comand')).toBe('command');
    expect(suggestServerKey('haeders')).toBe('headers');
  });

  it('leaves known keys, other clients’ keys and unrelated keys alone', () => {
    for (const key of ['url', 'headers', 'trust', 'includeTools', 'description', 'autoApprove', 'envFile', 'color', 'notes']) {
      expect(suggestServerKey(key), key).toBeUndefined();
    }
  });
});

describe('checkServerUrl', () => {
  it('accepts https anywhere and http on this machine', () => {
    expect(checkServerUrl('https://example.com/mcp')).toEqual([]);
    expect(checkServerUrl('http://localhost:3000/mcp')).toEqual([]);
    expect(checkServerUrl('http://[::1]:3000/mcp')).toEqual([]);
    expect(checkServerUrl('http://api.localhost/mcp')).toEqual([]);
  });

  it('checks around placeholders but cannot check a URL that starts with one', () => {
    expect(checkServerUrl('https://${env:HOST}/mcp')).toEqual([]);
    expect(checkServerUrl('${input:address}')).toEqual([]);
    expect(checkServerUrl('ftp://${HOST}/mcp').map((finding) => finding.code)).toEqual(['bad-url']);
  });

  it('names the key and suggests a scheme', () => {
    expect(checkServerUrl('example.com/mcp', 'serverUrl')).toEqual([
      {
        code: 'bad-url',
        severity: 'error',
        reason: '"serverUrl" must be an absolute http(s) URL, like "https://example.com/mcp": did you mean "https://example.com/mcp"?',
      },
    ]);
    expect(checkServerUrl('ftp://example.com')[0]?.reason).toBe('"url" must start with http:// or https://, not ftp://');
    expect(checkServerUrl('  ')[0]?.reason).toBe('"url" is empty: give the server\'s address, like "https://example.com/mcp"');
    expect(checkServerUrl('https://exa mple.com')[0]?.code).toBe('bad-url');
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'a.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['example.com', '10.0.0.1', 'localhost.example.com', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});

describe('placeholders', () => {
  it('finds every form once, in order', () => {
    expect(findPlaceholders('${input:a} $B ${env:C} ${D} ${input:a} $$ $1 ${workspaceFolder}')).toEqual([
      '${input:a}',
      '$B',
      '${env:C}',
      '${D}',
      '${workspaceFolder}',
    ]);
  });

  it('splits a placeholder into kind and name', () => {
    expect(parsePlaceholder('${input:api-key}')).toEqual({ raw: '${input:api-key}', kind: 'input', name: 'api-key' });
    expect(parsePlaceholder('${env:TOKEN}')).toEqual({ raw: '${env:TOKEN}', kind: 'env', name: 'TOKEN' });
    expect(parsePlaceholder('${TOKEN}')).toEqual({ raw: '${TOKEN}', kind: 'env', name: 'TOKEN' });
    expect(parsePlaceholder('$TOKEN')).toEqual({ raw: '$TOKEN', kind: 'env', name: 'TOKEN' });
    expect(parsePlaceholder('${config:x.y}')).toEqual({ raw: '${config:x.y}', kind: 'variable', name: 'config:x.y' });
  });

  it('replaces placeholders for shape checks', () => {
    expect(replacePlaceholders('https://${env:HOST}:$PORT/mcp', 'x')).toBe('https://x:x/mcp');
  });
});

describe('TextPositions', () => {
  it('counts lines across LF, CRLF and CR and columns from 1', () => {
    const positions = new TextPositions('ab\ncd\r\nef\rgh');
    expect([0, 2, 3, 5, 7, 10, 11].map((offset) => positions.positionAt(offset))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 3 },
      { line: 2, column: 1 },
      { line: 2, column: 3 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
      { line: 4, column: 2 },
    ]);
  });
});
