/**
 * Protocol checks of the lists and answers: declared capabilities against what answers, pagination
 * walked by the check, the JSON-RPC shape of every answer, the 2026 header rules and caching hints.
 */
import { rpcError, rpcResult, type ProbeAnswer } from './probe';
import { LISTS, type Observation } from './observe';
import { describeAnswer, exchanges } from './answers';
import { finding, JSON_RPC, JSON_RPC_ERRORS, show, spec } from './rules';
import type { CheckFinding } from './types';

const category = 'protocol' as const;

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
