/**
 * A protected server (its handshake answered 401): the checks the auth debugger makes on the way
 * to signing in, without signing in. The protected resource metadata is reachable and names this
 * server as its `resource`; the authorization server advertises PKCE S256 and returns `iss`
 * (RFC 9207); both documents are readable by a page (CORS).
 */
import { bodyJson, type AuthObservation, type Observation, type RawAnswer } from './observe';
import { describeAnswer } from './answers';
import { FETCH_CORS, finding, RFC_8414, RFC_9728, show, spec } from './rules';
import type { CheckFinding } from './types';

/** Two resource URLs name the same resource (a trailing slash aside). */
const sameResource = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The auth findings of a protected server. */
export function authChecks(seen: Observation, serverUrl: string): CheckFinding[] {
  const auth: AuthObservation | undefined = seen.auth;
  if (!auth) return [];
  const rule = spec('2025-11-25', 'basic/authorization#authorization-server-discovery', 'authorization server discovery');
  const out: CheckFinding[] = [];
  const prm = bodyJson(auth.resourceMetadata);
  const resource = prm?.resource;
  out.push(
    finding({
      id: 'security.auth-resource-metadata',
      severity: !prm ? 'fail' : typeof resource === 'string' && sameResource(resource, serverUrl) ? 'pass' : 'fail',
      category: 'security',
      title: !prm
        ? 'The protected resource metadata cannot be read'
        : typeof resource === 'string' && sameResource(resource, serverUrl)
          ? 'The protected resource metadata names this server'
          : 'The protected resource metadata names another resource',
      expected: `JSON at ${auth.resourceMetadataUrl} with resource = ${serverUrl}`,
      actual: prm ? `resource ${show(resource)}` : describeAnswer(auth.resourceMetadata),
      rule: RFC_9728,
      fix: 'Serve the protected resource metadata with "resource" set to the exact MCP endpoint URL and "authorization_servers" listing the issuer.',
      exchangeIds: [auth.challenge.exchangeId, auth.resourceMetadata?.exchangeId],
    }),
  );
  const asm = bodyJson(auth.serverMetadata);
  if (auth.serverMetadataUrl !== undefined) {
    const methods = asm?.code_challenge_methods_supported;
    const s256 = Array.isArray(methods) && methods.includes('S256');
    out.push(
      finding({
        id: 'security.auth-pkce',
        severity: s256 ? 'pass' : 'fail',
        category: 'security',
        title: s256 ? 'The authorization server advertises PKCE S256' : 'The authorization server does not advertise PKCE S256',
        expected: 'code_challenge_methods_supported includes "S256"',
        actual: asm ? `code_challenge_methods_supported ${show(methods)}` : describeAnswer(auth.serverMetadata),
        rule,
        fix: 'Support PKCE with S256 and list it in code_challenge_methods_supported; MCP clients refuse to sign in otherwise.',
        exchangeIds: [auth.serverMetadata?.exchangeId],
      }),
    );
    const iss = asm?.authorization_response_iss_parameter_supported === true;
    out.push(
      finding({
        id: 'security.auth-iss',
        severity: iss ? 'pass' : 'warn',
        category: 'security',
        title: iss ? 'The authorization server returns iss (RFC 9207)' : 'The authorization server does not say it returns iss',
        expected: 'authorization_response_iss_parameter_supported: true',
        actual: show(asm?.authorization_response_iss_parameter_supported),
        rule: { label: 'RFC 9207: authorization server issuer identification', url: 'https://www.rfc-editor.org/rfc/rfc9207#section-3' },
        fix: 'Return iss with the authorization code and advertise it, so a client can detect mix-up attacks.',
        exchangeIds: [auth.serverMetadata?.exchangeId],
      }),
    );
  }
  const cors: Array<[string, RawAnswer | undefined, string]> = [
    ['protected resource metadata', auth.resourceMetadataCors, auth.resourceMetadataUrl],
    ['authorization server metadata', auth.serverMetadataCors, auth.serverMetadataUrl ?? ''],
  ];
  for (const [what, answer, url] of cors) {
    if (!answer) continue;
    const origin = answer.headers['access-control-allow-origin'];
    out.push(
      finding({
        id: 'browser.auth-metadata-cors',
        subject: what,
        severity: origin ? 'pass' : 'fail',
        category: 'browser',
        title: origin ? `A page can read the ${what}` : `A page cannot read the ${what} (no CORS)`,
        expected: `Access-Control-Allow-Origin on ${url}`,
        actual: origin ? `allow-origin ${origin}` : `HTTP ${answer.status} without Access-Control-Allow-Origin`,
        rule: what.startsWith('protected') ? RFC_9728 : RFC_8414,
        fix: 'Add: Access-Control-Allow-Origin: * to the metadata documents (they hold no secrets).',
        exchangeIds: [],
        nodeOnly: true,
      }),
    );
  }
  if (!auth.resourceMetadataCors && !prm && auth.resourceMetadata?.status === 0) {
    out.push(
      finding({
        id: 'browser.auth-metadata-cors',
        subject: 'protected resource metadata',
        severity: 'fail',
        category: 'browser',
        title: 'The browser could not fetch the protected resource metadata',
        expected: `a readable answer at ${auth.resourceMetadataUrl}`,
        actual: describeAnswer(auth.resourceMetadata),
        rule: FETCH_CORS,
        fix: 'Add: Access-Control-Allow-Origin: * to the metadata documents (they hold no secrets).',
        exchangeIds: [auth.resourceMetadata?.exchangeId],
      }),
    );
  }
  return out;
}
