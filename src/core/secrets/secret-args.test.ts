import { describe, expect, it } from 'vitest';
import { displayArgs, displayCommandLine } from './secret-args';

describe('displayArgs', () => {
  it('hides the values of credential flags, secret headers, assignments, known key prefixes and URL query secrets', () => {
    expect(
      displayArgs([
        '-y',
        '@modelcontextprotocol/server-github',
        '--api-key',
        'abc123',
        '--header',
        'Authorization: Bearer xyz',
        '--header',
        'Accept: text/plain',
        'GITHUB_TOKEN=ghp_secret',
        '--region=eu',
        'sk-live-0123456789',
        'https://example.com/mcp?api_key=k1&page=2',
        'https://user:pw@example.com/',
      ]),
    ).toEqual([
      '-y',
      '@modelcontextprotocol/server-github',
      '--api-key',
      '[redacted]',
      '--header',
      'Authorization: Bearer [redacted]',
      '--header',
      'Accept: text/plain',
      'GITHUB_TOKEN=[redacted]',
      '--region=eu',
      '[redacted]',
      'https://example.com/mcp?api_key=[redacted]&page=2',
      'https://user:[redacted]@example.com/',
    ]);
  });

  it('leaves an ordinary command line alone and quotes what a shell would split', () => {
    expect(displayCommandLine('npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/My Documents'])).toBe(
      "npx -y @modelcontextprotocol/server-filesystem '/home/me/My Documents'",
    );
  });
});
