/**
 * Browser readiness: whether a page on another origin can use the server. Headless, the preflight
 * a browser would send and a request with an Origin are read directly (Node sees every header);
 * in a page, what the page saw stands in (a session id it could not read, a request the browser
 * blocked, explained by the existing CORS diagnosis).
 */
import { RECOMMENDED_CORS_HEADERS } from '../mcp/cors-probes';
import type { Diagnosis } from '../mcp/connection-state';
import { PROBE_ORIGIN, REQUEST_HEADERS_TO_ALLOW, type Observation } from './observe';
import { FETCH_CORS, finding, spec } from './rules';
import type { CheckFinding } from './types';

const category = 'browser' as const;
const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

/** The response headers a page must be able to read in this era. */
function headersToExpose(seen: Observation): string[] {
  return seen.era === '2025-11-25'
    ? seen.sessionId !== undefined
      ? ['mcp-session-id', 'mcp-protocol-version']
      : ['mcp-protocol-version']
    : [];
}

/** The browser checks; `diagnosis` is the page's CORS diagnosis when nothing answered it. */
export function browserChecks(seen: Observation, diagnosis?: Diagnosis): CheckFinding[] {
  const era = seen.era;
  const out: CheckFinding[] = [];
  const handshake = seen.initialize ?? seen.discover;
  if (diagnosis) {
    out.push(
      finding({
        id: 'browser.cors',
        severity: 'fail',
        category,
        title: diagnosis.title,
        expected: 'CORS answers that let this page send MCP requests',
        actual: diagnosis.detail,
        rule: FETCH_CORS,
        fix: diagnosis.headersToAdd?.length
          ? `Add: ${diagnosis.headersToAdd.join(' / ')}`
          : 'Answer OPTIONS with the CORS headers MCP clients need.',
        exchangeIds: [handshake?.exchangeId],
      }),
    );
    return out;
  }
  if (seen.preflight) {
    const headers = seen.preflight.headers;
    const origin = headers['access-control-allow-origin'];
    const allowed = list(headers['access-control-allow-headers']);
    const methods = list(headers['access-control-allow-methods']);
    const missing = allowed.includes('*') ? [] : REQUEST_HEADERS_TO_ALLOW.filter((name) => !allowed.includes(name));
    const needMethods = seen.sessionId !== undefined ? ['post', 'delete'] : ['post'];
    const missingMethods = methods.includes('*') ? [] : needMethods.filter((method) => !methods.includes(method));
    const originOk = origin === '*' || origin === PROBE_ORIGIN;
    const ok =
      seen.preflight.status >= 200 && seen.preflight.status < 300 && originOk && missing.length === 0 && missingMethods.length === 0;
    out.push(
      finding({
        id: 'browser.preflight',
        severity: ok ? 'pass' : !originOk || seen.preflight.status >= 300 || seen.preflight.status === 0 ? 'fail' : 'warn',
        category,
        title: ok ? 'The CORS preflight allows what MCP clients send' : 'The CORS preflight refuses part of what MCP clients send',
        expected: `2xx with Access-Control-Allow-Origin, methods ${needMethods.join(', ').toUpperCase()}, headers ${REQUEST_HEADERS_TO_ALLOW.join(', ')}`,
        actual: `HTTP ${seen.preflight.status}; allow-origin ${origin ?? 'absent'}; missing headers: ${missing.join(', ') || 'none'}; missing methods: ${missingMethods.join(', ') || 'none'}`,
        rule: FETCH_CORS,
        fix: `Answer OPTIONS with 204 and: ${RECOMMENDED_CORS_HEADERS.slice(0, 3).join(' / ')}`,
        exchangeIds: [],
        nodeOnly: true,
      }),
    );
  }
  const expose = headersToExpose(seen);
  if (seen.corsRequest && expose.length > 0) {
    const exposed = list(seen.corsRequest.headers['access-control-expose-headers']);
    const missing = exposed.includes('*') ? [] : expose.filter((name) => !exposed.includes(name));
    const origin = seen.corsRequest.headers['access-control-allow-origin'];
    out.push(
      finding({
        id: 'browser.expose-headers',
        severity: missing.length === 0 && origin ? 'pass' : 'fail',
        category,
        title:
          missing.length === 0 && origin
            ? 'The MCP response headers are exposed to pages'
            : `A page cannot read ${missing.join(', ') || 'the answer'}`,
        expected: `Access-Control-Allow-Origin and Access-Control-Expose-Headers: ${expose.join(', ')}`,
        actual: `allow-origin ${origin ?? 'absent'}; expose ${seen.corsRequest.headers['access-control-expose-headers'] ?? 'absent'}`,
        rule: era ? spec(era, 'basic/transports#session-management', 'session management') : FETCH_CORS,
        fix: `Add: ${RECOMMENDED_CORS_HEADERS[3]!}`,
        exchangeIds: [],
        nodeOnly: true,
      }),
    );
  } else if (!seen.corsRequest && era === '2025-11-25' && seen.sessionId === undefined) {
    // In a page: no readable session id, yet the server wanted one.
    const refused = seen.answers.find((answer) => answer.status === 400 && answer !== seen.initialize);
    if (refused)
      out.push(
        finding({
          id: 'browser.expose-headers',
          severity: 'fail',
          category,
          title: 'The page cannot read Mcp-Session-Id, and the server needs it',
          expected: 'Access-Control-Expose-Headers: mcp-session-id',
          actual: `no readable session id after initialize; a later request got HTTP 400`,
          rule: spec(era, 'basic/transports#session-management', 'session management'),
          fix: `Add: ${RECOMMENDED_CORS_HEADERS[3]!}`,
          exchangeIds: [seen.initialize?.exchangeId, refused.exchangeId],
        }),
      );
  }
  return out;
}
