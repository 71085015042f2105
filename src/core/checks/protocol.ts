/**
 * Protocol checks, by era: the handshake, notifications answered 202, sessions, ping and the errors
 * a server owes (unknown method, unknown tool, invalid cursor); the lists, the JSON-RPC shape, the
 * 2026 headers and caching hints are in protocol-lists.ts. `protocolChecks` runs them all.
 */
import { rpcError, rpcResult, type ProbeAnswer } from './probe';
import { describeAnswer, exchanges } from './answers';
import type { Observation } from './observe';
import { checkCacheHints, checkCapabilities, checkHeaders, checkShape } from './protocol-lists';
import { finding, show, spec } from './rules';
import type { CheckFinding } from './types';

const category = 'protocol' as const;

/** The handshake: server/discover (2026-07-28) or initialize (2025-11-25). */
export function checkHandshake(seen: Observation): CheckFinding[] {
  const era = seen.era;
  if (era === undefined && seen.auth) {
    return [
      finding({
        id: 'protocol.handshake',
        severity: 'info',
        category,
        title: 'The server asks for sign-in: only its sign-in metadata was checked',
        expected: 'a handshake result, after signing in',
        actual: `HTTP 401${seen.auth.challenge.headers['www-authenticate'] ? `, WWW-Authenticate: ${show(seen.auth.challenge.headers['www-authenticate'], 120)}` : ''}`,
        rule: spec('2025-11-25', 'basic/authorization', 'authorization'),
        fix: "Sign in (in the page), or give the token in the config entry's headers, to check the rest.",
        exchangeIds: exchanges(seen.auth.challenge),
      }),
    ];
  }
  if (era === undefined) {
    const tried = seen.initialize ?? seen.discover;
    return [
      finding({
        id: 'protocol.handshake',
        severity: 'fail',
        category,
        title: 'The server answered neither server/discover (2026-07-28) nor initialize (2025-11-25)',
        expected: 'a server/discover result listing 2026-07-28, or an initialize result',
        actual: `discover: ${describeAnswer(seen.discover)}; initialize: ${describeAnswer(seen.initialize)}`,
        rule: spec('2025-11-25', 'basic/lifecycle#initialization', 'initialization'),
        fix: 'Serve the MCP endpoint at this URL and answer initialize (2025-11-25) or server/discover (2026-07-28).',
        exchangeIds: exchanges(seen.discover, tried),
      }),
    ];
  }
  const answer = era === '2026-07-28' ? seen.discover : seen.initialize;
  const result = rpcResult(answer) ?? {};
  const problems: string[] = [];
  if (era === '2025-11-25') {
    if (typeof result.protocolVersion !== 'string') problems.push('no protocolVersion');
    if (result.capabilities === null || typeof result.capabilities !== 'object') problems.push('no capabilities object');
    const info = result.serverInfo as { name?: unknown } | undefined;
    if (!info || typeof info.name !== 'string') problems.push('no serverInfo.name');
  } else {
    if (result.capabilities === null || typeof result.capabilities !== 'object') problems.push('no capabilities object');
  }
  const findings = [
    finding({
      id: 'protocol.handshake',
      severity: problems.length > 0 ? 'fail' : 'pass',
      category,
      title:
        problems.length > 0 ? `The ${era === '2026-07-28' ? 'server/discover' : 'initialize'} result is incomplete` : `Handshake in ${era}`,
      expected: era === '2026-07-28' ? 'supportedVersions and capabilities' : 'protocolVersion, capabilities and serverInfo',
      actual: problems.length > 0 ? problems.join(', ') : describeAnswer(answer),
      rule: spec(era, 'basic/lifecycle#initialization', 'initialization'),
      fix: 'Return every required field of the handshake result.',
      exchangeIds: exchanges(answer),
    }),
  ];
  if (era === '2026-07-28' && !(result._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']) {
    findings.push(
      finding({
        id: 'protocol.server-info',
        severity: 'warn',
        category,
        title: 'server/discover does not say which server this is',
        expected: "_meta['io.modelcontextprotocol/serverInfo'] with name and version",
        actual: 'absent',
        rule: spec(era, 'basic/lifecycle', 'discovery'),
        fix: "Add _meta['io.modelcontextprotocol/serverInfo'] { name, version } to the server/discover result.",
        exchangeIds: exchanges(answer),
      }),
    );
  }
  return findings;
}

/** 2025: notifications/initialized answered 202; the session id visible ASCII; ended by DELETE, then 404. */
export function checkSession(seen: Observation): CheckFinding[] {
  // A page that cannot read the session id: every request after initialize is refused for that one reason (a browser finding).
  if (seen.era !== '2025-11-25' || seen.sessionUnreadable) return [];
  const rule = spec(seen.era, 'basic/transports#sending-messages-to-the-server', 'sending messages to the server');
  const sessionRule = spec(seen.era, 'basic/transports#session-management', 'session management');
  const out: CheckFinding[] = [];
  const ack = seen.initialized;
  out.push(
    finding({
      id: 'protocol.notification-accepted',
      severity: ack?.status === 202 ? 'pass' : ack && ack.status >= 200 && ack.status < 300 ? 'warn' : 'fail',
      category,
      title: ack?.status === 202 ? 'A notification is answered 202 Accepted' : 'A notification is not answered 202 Accepted',
      expected: 'HTTP 202 with no body for notifications/initialized',
      actual: describeAnswer(ack),
      rule,
      fix: 'Answer a POST that carries only notifications or responses with 202 Accepted and an empty body.',
      exchangeIds: exchanges(ack),
    }),
  );
  if (seen.sessionId !== undefined) {
    const visible = /^[\x21-\x7E]+$/.test(seen.sessionId);
    out.push(
      finding({
        id: 'protocol.session-id',
        severity: visible ? 'pass' : 'fail',
        category,
        title: visible ? 'The session id is visible ASCII' : 'The session id has characters outside visible ASCII',
        expected: 'only characters 0x21 to 0x7E',
        actual: show(seen.sessionId),
        rule: sessionRule,
        fix: 'Make session ids from visible ASCII only (a UUID or base64url token).',
        exchangeIds: exchanges(seen.initialize),
      }),
    );
    const deleted = seen.sessionDelete;
    if (deleted) {
      const ok = deleted.status >= 200 && deleted.status < 300;
      if (deleted.status === 405) {
        out.push(
          finding({
            id: 'protocol.session-end',
            severity: 'info',
            category,
            title: 'The server does not let a client end its session (405 on DELETE)',
            expected: 'DELETE with the session id ends the session, or 405',
            actual: 'HTTP 405',
            rule: sessionRule,
            fix: 'Optionally accept DELETE to free the session early.',
            exchangeIds: exchanges(deleted),
          }),
        );
      } else {
        const after = seen.afterDelete;
        const gone = after?.status === 404;
        out.push(
          finding({
            id: 'protocol.session-end',
            severity: !ok ? 'warn' : gone ? 'pass' : 'fail',
            category,
            title: !ok
              ? 'DELETE of the session did not succeed'
              : gone
                ? 'An ended session answers 404'
                : 'An ended session still answers as if it were live',
            expected: 'DELETE → 2xx, then HTTP 404 for a request with the ended session id',
            actual: `DELETE: HTTP ${deleted.status}${after ? `; then ${describeAnswer(after)}` : ''}`,
            rule: sessionRule,
            fix: 'Forget the session on DELETE and answer 404 to any later request that carries its id.',
            exchangeIds: exchanges(deleted, after),
          }),
        );
      }
    }
  }
  return out;
}

/** 2025: ping answers an empty result. */
function checkPing(seen: Observation): CheckFinding[] {
  if (seen.era !== '2025-11-25' || !seen.ping || seen.sessionUnreadable) return [];
  const result = rpcResult(seen.ping);
  const ok = result !== undefined && Object.keys(result).length === 0;
  return [
    finding({
      id: 'protocol.ping',
      severity: ok ? 'pass' : 'fail',
      category,
      title: ok ? 'ping answers {}' : 'ping does not answer an empty result',
      expected: 'result {}',
      actual: describeAnswer(seen.ping),
      rule: spec(seen.era, 'basic/utilities/ping', 'ping'),
      fix: 'Answer ping with an empty result object.',
      exchangeIds: exchanges(seen.ping),
    }),
  ];
}

/** An expected JSON-RPC error code for a probe; `soft` makes a wrong answer a warning (a SHOULD). */
function expectCode(
  id: string,
  answer: ProbeAnswer | undefined,
  code: number,
  what: string,
  rule: CheckFinding['rule'],
  fix: string,
  soft = false,
): CheckFinding[] {
  if (!answer) return [];
  const error = rpcError(answer);
  const ok = error?.code === code;
  return [
    finding({
      id,
      severity: ok ? 'pass' : soft ? 'warn' : 'fail',
      category,
      title: ok ? `${what} → ${code}` : `${what} is not answered with ${code}`,
      expected: `a JSON-RPC error with code ${code}`,
      actual: describeAnswer(answer),
      rule,
      fix,
      exchangeIds: exchanges(answer),
    }),
  ];
}

/** The errors a server owes: unknown method, unknown tool name, invalid cursor. */
export function checkErrors(seen: Observation): CheckFinding[] {
  if (seen.era === undefined) return [];
  const era = seen.era;
  const out = expectCode(
    'protocol.unknown-method',
    seen.unknownMethod,
    -32601,
    'An unknown method',
    spec(era, 'basic#responses', 'responses (JSON-RPC -32601 Method not found)'),
    'Answer a method the server does not implement with a JSON-RPC error, code -32601 (Method not found).',
  );
  const unknownTool = seen.unknownTool;
  if (unknownTool) {
    const result = rpcResult(unknownTool);
    if (result?.isError === true) {
      out.push(
        finding({
          id: 'protocol.unknown-tool',
          severity: 'warn',
          category,
          title: 'An unknown tool name is answered as a tool error, not a protocol error',
          expected: 'a JSON-RPC error with code -32602 (the tool does not exist)',
          actual: describeAnswer(unknownTool),
          rule: spec(era, 'server/tools#error-handling', 'tools: error handling'),
          fix: 'Answer tools/call for a tool that does not exist with a JSON-RPC error, code -32602; keep isError for failures of a real tool.',
          exchangeIds: exchanges(unknownTool),
        }),
      );
    } else {
      out.push(
        ...expectCode(
          'protocol.unknown-tool',
          unknownTool,
          -32602,
          'tools/call of an unknown tool',
          spec(era, 'server/tools#error-handling', 'tools: error handling'),
          'Answer tools/call for a tool that does not exist with a JSON-RPC error, code -32602 (Invalid params).',
        ),
      );
    }
  }
  out.push(
    ...expectCode(
      'protocol.invalid-cursor',
      seen.invalidCursor,
      -32602,
      'An invalid cursor',
      spec(era, 'server/utilities/pagination#error-handling', 'pagination: error handling'),
      'Reject a cursor the server did not issue with a JSON-RPC error, code -32602 (Invalid params).',
      true,
    ),
  );
  return out;
}

/** Every protocol check. */
export function protocolChecks(seen: Observation): CheckFinding[] {
  return [
    ...checkHandshake(seen),
    ...checkSession(seen),
    ...checkPing(seen),
    ...checkErrors(seen),
    ...checkCapabilities(seen),
    ...checkShape(seen),
    ...checkHeaders(seen),
    ...checkCacheHints(seen),
  ];
}
