/**
 * Protocol checks, by era: the handshake, the capabilities a server declares against what answers,
 * ping, the errors a server owes (unknown method, unknown tool, invalid cursor), pagination walked
 * by the check, the JSON-RPC shape of every answer, notifications answered 202, sessions, the
 * 2026 header rules and caching hints.
 */
import { rpcError, rpcResult, type ProbeAnswer } from './probe';
import { LISTS, type Observation } from './observe';
import { finding, JSON_RPC, JSON_RPC_ERRORS, show, spec } from './rules';
import type { CheckFinding } from './types';

const category = 'protocol' as const;

/** What an answer was, in a few words. */
export function describeAnswer(answer: ProbeAnswer | undefined): string {
  if (!answer) return 'no request was sent';
  if (answer.error) return `no answer (${answer.error})`;
  const error = rpcError(answer);
  if (error) return `HTTP ${answer.status}, error ${show(error.code)}: ${show(error.message, 100)}`;
  const result = rpcResult(answer);
  if (result) return `HTTP ${answer.status}, result ${show(result, 120)}`;
  return `HTTP ${answer.status}${answer.body ? `, body ${show(answer.body, 100)}` : ', empty body'}`;
}

const exchanges = (...answers: Array<ProbeAnswer | undefined>): Array<number | undefined> => answers.map((answer) => answer?.exchangeId);

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
  if (seen.era !== '2025-11-25') return [];
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
export function checkPing(seen: Observation): CheckFinding[] {
  if (seen.era !== '2025-11-25' || !seen.ping) return [];
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

/** Declared capabilities answer; undeclared ones do not; lists walked to their end. */
export function checkCapabilities(seen: Observation): CheckFinding[] {
  if (seen.era === undefined) return [];
  const era = seen.era;
  const out: CheckFinding[] = [];
  for (const spec_ of LISTS) {
    const walk = seen.lists[spec_.kind];
    const rule = spec(era, `server/${spec_.capability}#capabilities`, `${spec_.capability}: capabilities`);
    // Templates are optional under the resources capability: a server without any may answer -32601.
    const noTemplates = spec_.kind === 'templates' && walk?.failed !== undefined && rpcError(walk.failed)?.code === -32601;
    if (walk && !noTemplates) {
      out.push(
        finding({
          id: 'protocol.capability-served',
          subject: spec_.method,
          severity: walk.failed ? 'fail' : 'pass',
          category,
          title: walk.failed
            ? `${spec_.capability} is declared, but ${spec_.method} fails`
            : `${spec_.method} answers (declared ${spec_.capability})`,
          expected: `${spec_.method} returns a result with ${spec_.field}[]`,
          actual: walk.failed ? describeAnswer(walk.failed) : `${walk.items.length} item(s) on ${walk.pages.length} page(s)`,
          rule,
          fix: `Serve ${spec_.method}, or stop declaring the ${spec_.capability} capability.`,
          exchangeIds: exchanges(walk.failed ?? walk.pages[0]),
        }),
      );
      const pagination = spec(era, 'server/utilities/pagination', 'pagination');
      if (walk.loopCursor !== undefined || walk.repeated.length > 0 || walk.truncated) {
        const problem =
          walk.loopCursor !== undefined
            ? `the cursor ${show(walk.loopCursor, 60)} came back a second time, so the list never ends`
            : walk.truncated
              ? `still more pages after ${walk.pages.length}`
              : `${walk.repeated.length} item(s) on more than one page: ${walk.repeated.slice(0, 5).join(', ')}`;
        out.push(
          finding({
            id: 'protocol.pagination',
            subject: spec_.method,
            severity: walk.truncated ? 'warn' : 'fail',
            category,
            title: `${spec_.method} pagination does not end cleanly`,
            expected: 'each nextCursor leads to new items, and the last page has no nextCursor',
            actual: problem,
            rule: pagination,
            fix: 'Make each cursor point past the items already sent, and leave nextCursor out of the last page.',
            exchangeIds: exchanges(...walk.pages.slice(-2)),
          }),
        );
      } else if (walk.pages.length > 1) {
        out.push(
          finding({
            id: 'protocol.pagination',
            subject: spec_.method,
            severity: 'pass',
            category,
            title: `${spec_.method} pages end cleanly (${walk.pages.length} pages)`,
            expected: 'each nextCursor leads to new items',
            actual: `${walk.items.length} distinct items`,
            rule: pagination,
            exchangeIds: exchanges(...walk.pages),
          }),
        );
      }
    }
    const undeclared = seen.undeclared[spec_.kind];
    if (undeclared && rpcResult(undeclared)) {
      out.push(
        finding({
          id: 'protocol.capability-undeclared',
          subject: spec_.method,
          severity: 'warn',
          category,
          title: `${spec_.method} answers, but ${spec_.capability} is not declared`,
          expected: `-32601, or ${spec_.capability} in the capabilities`,
          actual: describeAnswer(undeclared),
          rule,
          fix: `Declare the ${spec_.capability} capability if the server serves it; a client will not ask otherwise.`,
          exchangeIds: exchanges(undeclared),
        }),
      );
    }
  }
  return out;
}

/** The JSON-RPC shape of every answer: the id echoed, `result` xor `error`, an error's code and message; 2026 `resultType`. */
export function checkShape(seen: Observation): CheckFinding[] {
  if (seen.era === undefined) return [];
  const problems: Array<{ text: string; exchangeId?: number }> = [];
  let checked = 0;
  for (const answer of seen.answers) {
    if (answer.id === undefined || answer.error || answer.status === 0) continue;
    if (answer.status === 404 && answer === seen.afterDelete) continue;
    const response = answer.response;
    const where = `${answer.method}`;
    if (!response) {
      if (answer.status >= 200 && answer.status < 300)
        problems.push({ text: `${where}: no response with id ${answer.id}`, exchangeId: answer.exchangeId });
      continue;
    }
    checked += 1;
    if (response.jsonrpc !== '2.0')
      problems.push({ text: `${where}: jsonrpc is ${show(response.jsonrpc)}`, exchangeId: answer.exchangeId });
    const hasResult = 'result' in response;
    const hasError = 'error' in response;
    if (hasResult === hasError)
      problems.push({
        text: `${where}: ${hasResult ? 'both result and error' : 'neither result nor error'}`,
        exchangeId: answer.exchangeId,
      });
    if (response.id !== answer.id && !(hasError && response.id === null && answer.status >= 400))
      problems.push({ text: `${where}: id ${show(response.id)} for request ${answer.id}`, exchangeId: answer.exchangeId });
    const error = rpcError(answer);
    if (hasError && (!error || !Number.isInteger(error.code) || typeof error.message !== 'string'))
      problems.push({ text: `${where}: error without an integer code and a message`, exchangeId: answer.exchangeId });
    const result = rpcResult(answer);
    if (seen.era === '2026-07-28' && result && typeof result.resultType !== 'string')
      problems.push({ text: `${where}: result without resultType`, exchangeId: answer.exchangeId });
  }
  return [
    finding({
      id: 'protocol.jsonrpc-shape',
      severity: problems.length > 0 ? 'fail' : 'pass',
      category,
      title:
        problems.length > 0
          ? `${problems.length} answer(s) break the JSON-RPC response shape`
          : `Every answer is a well-formed JSON-RPC response (${checked})`,
      expected: `jsonrpc "2.0", the request's id, exactly one of result and error${seen.era === '2026-07-28' ? ', resultType on results' : ''}`,
      actual:
        problems.length > 0
          ? problems
              .slice(0, 5)
              .map((problem) => problem.text)
              .join('; ')
          : 'as expected',
      rule: hasCodeProblem(problems) ? JSON_RPC_ERRORS : JSON_RPC,
      fix: 'Answer every request with { jsonrpc: "2.0", id: <the request id>, result } or { …, error: { code, message } }.',
      exchangeIds: problems.slice(0, 10).map((problem) => problem.exchangeId),
    }),
  ];
}

const hasCodeProblem = (problems: ReadonlyArray<{ text: string }>): boolean =>
  problems.some((problem) => problem.text.includes('integer code'));

/** 2026: Mcp-Method must agree with the body and Mcp-Name is required where the body names something. */
export function checkHeaders(seen: Observation): CheckFinding[] {
  if (seen.era !== '2026-07-28') return [];
  const rule = spec(seen.era, 'basic/transports#server-validation', 'transports: header validation');
  const out: CheckFinding[] = [];
  const probes: Array<[string, ProbeAnswer | undefined, string, string]> = [
    [
      'protocol.header-mismatch',
      seen.headerMismatch,
      'Mcp-Method: prompts/list on a tools/list body',
      'Reject a request whose Mcp-Method header differs from its body with HTTP 400 and error -32020.',
    ],
    [
      'protocol.header-missing-name',
      seen.missingName,
      'tools/call without Mcp-Name',
      'Reject a tools/call that lacks the Mcp-Name header with HTTP 400 and error -32020.',
    ],
  ];
  for (const [id, answer, what, fix] of probes) {
    if (!answer) continue;
    const code = rpcError(answer)?.code;
    const rejected = answer.status === 400;
    out.push(
      finding({
        id,
        severity: rejected && code === -32020 ? 'pass' : rejected ? 'warn' : 'fail',
        category,
        title: rejected ? (code === -32020 ? `${what} is rejected` : `${what} is rejected without error -32020`) : `${what} is accepted`,
        expected: 'HTTP 400 with JSON-RPC error -32020 (header mismatch)',
        actual: describeAnswer(answer),
        rule,
        fix,
        exchangeIds: exchanges(answer),
      }),
    );
  }
  return out;
}

/** 2026: list results carry ttlMs (integer ≥ 0) and cacheScope (public | private). */
export function checkCacheHints(seen: Observation): CheckFinding[] {
  if (seen.era !== '2026-07-28') return [];
  const out: CheckFinding[] = [];
  for (const spec_ of LISTS) {
    const page = seen.lists[spec_.kind]?.pages[0];
    const result = rpcResult(page);
    if (!result) continue;
    const { ttlMs, cacheScope } = result;
    const badTtl = ttlMs !== undefined && !(Number.isInteger(ttlMs) && (ttlMs as number) >= 0);
    const badScope = cacheScope !== undefined && cacheScope !== 'public' && cacheScope !== 'private';
    const missing = ttlMs === undefined || cacheScope === undefined;
    out.push(
      finding({
        id: 'protocol.cache-hints',
        subject: spec_.method,
        severity: badTtl || badScope ? 'fail' : missing ? 'warn' : 'pass',
        category,
        title:
          badTtl || badScope
            ? `${spec_.method} has invalid caching hints`
            : missing
              ? `${spec_.method} has no caching hints`
              : `${spec_.method} has caching hints`,
        expected: 'ttlMs (an integer ≥ 0) and cacheScope ("public" or "private")',
        actual: `ttlMs ${show(ttlMs)}, cacheScope ${show(cacheScope)}`,
        rule: {
          label: 'MCP 2026-07-28: caching hints on list results (SEP-2549)',
          url: 'https://modelcontextprotocol.io/specification/2026-07-28/schema#listtoolsresult',
        },
        fix: 'Add ttlMs and cacheScope to list results so clients know how long they may reuse them.',
        exchangeIds: exchanges(page),
      }),
    );
  }
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
