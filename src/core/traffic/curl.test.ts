import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { modelExchange as exchange } from './__fixtures__/exchanges';
import { shellQuote, toCurl } from './curl';

/**
 * Runs a generated command in a real POSIX shell with `curl` replaced by a function
 * that prints its arguments, so the test sees exactly what curl would receive.
 */
function curlArguments(command: string, environment: Record<string, string> = {}): string[] {
  const script = `curl() { for argument in "$@"; do printf '%s\\0' "$argument"; done; }\n${command}\n`;
  const output = execFileSync('sh', ['-c', script], { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...environment } });
  return output.toString('utf8').split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('survives quotes, dollars, backslashes and newlines through a real shell', () => {
    const nasty = `it's "$HOME" \`date\` \\n and\na new line ''`;
    expect(curlArguments(`curl ${shellQuote(nasty)}`)).toEqual([nasty]);
  });
});

describe('toCurl', () => {
  it('builds a command whose arguments are exactly the recorded request', () => {
    const body = `{"messages":[{"role":"user","content":"it's $5 \\"quoted\\""}]}`;
    const command = toCurl(
      exchange({
        requestHeaders: {
          'content-type': 'application/json',
          'anthropic-version': '2023-06-01',
          'content-length': '99',
        },
        requestBody: body,
      }),
    );
    expect(command).toBe(
      [
        "curl 'https://api.anthropic.com/v1/messages' \\",
        "  -H 'content-type: application/json' \\",
        "  -H 'anthropic-version: 2023-06-01' \\",
        `  --data-raw '{"messages":[{"role":"user","content":"it'\\''s $5 \\"quoted\\""}]}'`,
      ].join('\n'),
    );
    expect(curlArguments(command)).toEqual([
      'https://api.anthropic.com/v1/messages',
      '-H',
      'content-type: application/json',
      '-H',
      'anthropic-version: 2023-06-01',
      '--data-raw',
      body,
    ]);
  });

  it('turns redacted values into shell variables and lists them in a comment', () => {
    const command = toCurl(
      exchange({
        wire: 'mcp',
        url: 'https://mcp.example/mcp?api_key=[redacted]',
        requestHeaders: {
          authorization: 'Bearer [redacted]',
          'x-api-key': '[redacted]',
          accept: 'application/json, text/event-stream',
        },
        requestBody: '{"token":"[redacted]"}',
        responseContentType: 'text/event-stream',
      }),
    );
    expect(command.split('\n').slice(0, 5)).toEqual([
      '# Glassbox redacted secrets from this request; set them first:',
      "#   export API_KEY='…'",
      "#   export TOKEN='…'",
      "#   export X_API_KEY='…'",
      "#   export SECRET='…'",
    ]);
    expect(command).not.toContain('[redacted]');
    expect(command).not.toContain('--globoff');
    const args = curlArguments(command, { API_KEY: 'k1', TOKEN: 't o k', X_API_KEY: 'x$y', SECRET: "s'1" });
    expect(args).toEqual([
      'https://mcp.example/mcp?api_key=k1',
      '-H',
      'authorization: Bearer t o k',
      '-H',
      'x-api-key: x$y',
      '-H',
      'accept: application/json, text/event-stream',
      '--data-raw',
      `{"token":"s'1"}`,
      '--no-buffer',
    ]);
  });

  it('names the password of user:password@ and other redacted URL parts', () => {
    const command = toCurl(exchange({ method: 'GET', url: 'https://me:[redacted]@h.example/[redacted]/x' }));
    expect(curlArguments(command, { PASSWORD: 'pw', SECRET: 'seg' })).toEqual(['https://me:pw@h.example/seg/x']);
  });

  it('adds -X only when the method is not implied, and --globoff for brackets', () => {
    expect(curlArguments(toCurl(exchange({ method: 'GET' })))).toEqual(['https://api.anthropic.com/v1/messages']);
    expect(curlArguments(toCurl(exchange({ method: 'POST' })))).toEqual(['https://api.anthropic.com/v1/messages', '-X', 'POST']);
    expect(
      curlArguments(toCurl(exchange({ method: 'DELETE', url: 'https://h/mcp?a[0]=1', requestHeaders: { 'mcp-session-id': 's' } }))),
    ).toEqual(['--globoff', 'https://h/mcp?a[0]=1', '-X', 'DELETE', '-H', 'mcp-session-id: s']);
  });

  it('says when the request body was not recorded', () => {
    const command = toCurl(exchange({ requestBodyNote: 'Binary body of 3 bytes, not recorded.' }), { multiline: false });
    expect(command).toBe(
      "# The request body is missing: Binary body of 3 bytes, not recorded.\ncurl 'https://api.anthropic.com/v1/messages' -X 'POST'",
    );
  });
});
