import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../traffic/types';
import { diagnoseNetworkFailure, isMethodBlockedByCors } from './cors-probes';
import { diagnoseConnection, isBlockedEraProbe, isEraProbe } from './diagnose-connection';

const URL_ = 'http://server.test/mcp';

function exchange(patch: Partial<HttpExchange>): HttpExchange {
  return { id: 1, wire: 'mcp', source: 's', method: 'POST', url: URL_, startedAt: 0, state: 'done', requestHeaders: {}, ...patch };
}

const discover = (patch: Partial<HttpExchange>) =>
  exchange({ requestBody: '{"jsonrpc":"2.0","id":"p","method":"server/discover"}', ...patch });

/** A probe fetch that refuses (like a failed preflight) the requests `refuse` picks. */
function probes(refuse: (init: RequestInit) => boolean): typeof fetch {
  return (async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (refuse(init ?? {})) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 400 });
  }) as typeof fetch;
}

describe('era probe', () => {
  it('a 400 is the era probe, a 401 or 403 is not, a network failure is a blocked probe', () => {
    expect(isEraProbe(discover({ status: 400 }))).toBe(true);
    expect(isEraProbe(discover({ status: 401 }))).toBe(false);
    expect(isEraProbe(discover({ status: 403 }))).toBe(false);
    expect(isBlockedEraProbe(discover({ state: 'failed', error: 'Failed to fetch' }))).toBe(true);
    expect(isBlockedEraProbe(discover({ status: 400 }))).toBe(false);
  });
});

describe('diagnoseConnection', () => {
  it('ignores a GET answered 405 (no GET stream is allowed) and uses the explained failure', async () => {
    const diagnosis = await diagnoseConnection({
      url: URL_,
      error: new Error('x'),
      exchanges: [exchange({ method: 'GET', status: 405 })],
      explained: { code: 'protocol-error', reason: 'not-json', title: 'The server answered with a body that is not JSON', detail: 'd' },
    });
    expect(diagnosis.reason).toBe('not-json');
  });

  it('a 401 wins over everything, with the challenge explained', async () => {
    const diagnosis = await diagnoseConnection({
      url: URL_,
      error: new Error('Version negotiation failed'),
      exchanges: [discover({ status: 401, responseHeaders: { 'www-authenticate': 'Bearer scope="a b"' } })],
      explained: { code: 'timeout', title: 't', detail: 'd' },
    });
    expect(diagnosis.code).toBe('auth-required');
    expect(diagnosis.detail).toContain('It asks for scope "a b".');
  });
});

describe('CORS probes', () => {
  it('names the one header the preflight refuses', async () => {
    const diagnosis = await diagnoseNetworkFailure(
      URL_,
      probes((init) => new Headers(init.headers).has('mcp-session-id')),
    );
    expect(diagnosis.code).toBe('cors-header-not-allowed');
    expect(diagnosis.title).toBe('Blocked by CORS: the preflight does not allow mcp-session-id');
    expect(diagnosis.headersToAdd).toEqual([
      'Access-Control-Allow-Headers: content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept',
    ]);
  });

  it('names a tool call’s Mcp-Param header the preflight refuses (x-mcp-header, SEP-2243)', async () => {
    const refuse = probes((init) => new Headers(init.headers).has('mcp-param-region'));
    const diagnosis = await diagnoseNetworkFailure(URL_, refuse, ['Mcp-Param-Region']);
    expect(diagnosis.code).toBe('cors-header-not-allowed');
    expect(diagnosis.title).toBe('Blocked by CORS: the preflight does not allow mcp-param-region');
    expect(diagnosis.detail).toMatch(/x-mcp-header/);
    expect(diagnosis.headersToAdd?.[0]).toMatch(/, mcp-param-region$/);
    // Without the call's own headers, the probes find nothing refused.
    expect((await diagnoseNetworkFailure(URL_, refuse)).code).toBe('cors-unknown');
  });

  it('tells a blocked DELETE from a server that is down', async () => {
    expect(
      await isMethodBlockedByCors(
        URL_,
        'DELETE',
        probes((init) => init.method === 'DELETE'),
      ),
    ).toBe(true);
    expect(
      await isMethodBlockedByCors(
        URL_,
        'DELETE',
        probes(() => false),
      ),
    ).toBe(false);
    expect(
      await isMethodBlockedByCors(
        URL_,
        'DELETE',
        probes(() => true),
      ),
    ).toBe(false);
  });
});
