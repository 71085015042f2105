/**
 * Results already on the wire: every `tools/call` answer of this server recorded in the log (the
 * person's own calls, the agent's, and the ones ticked for this check) is checked against its
 * tool's `outputSchema`, for well-formed content blocks, and for `isError` used for a tool's own
 * failure rather than a protocol error. Nothing is called here.
 */
import { checkOutput } from '../tools';
import type { TrafficLog } from '../traffic';
import type { Observation } from './observe';
import { finding, show, spec } from './rules';
import type { CheckEra, CheckFinding } from './types';

const category = 'results' as const;

/** One recorded tools/call answer. */
export interface RecordedCall {
  tool: string;
  /** The JSON-RPC response message. */
  response: Record<string, unknown>;
  exchangeId?: number;
}

/** The answers to `tools/call` of `server` in the log, except the run's own probes (which it holds itself). */
export function recordedCalls(log: TrafficLog, server: string, runId: string): RecordedCall[] {
  const snapshot = log.getSnapshot();
  const out: RecordedCall[] = [];
  for (let index = 0; index < snapshot.messageCount; index++) {
    const message = snapshot.messages[index]!;
    if (message.server !== server || message.direction !== 'in' || message.method !== 'tools/call') continue;
    if (message.kind !== 'response' && message.kind !== 'error') continue;
    if (message.exchangeId !== undefined && log.getExchange(message.exchangeId)?.checkRun === runId) continue;
    const request = message.pairedSeq !== undefined ? log.getMessage(message.pairedSeq) : undefined;
    const params = (request?.message as { params?: { name?: unknown } } | undefined)?.params;
    if (typeof params?.name !== 'string') continue;
    out.push({
      tool: params.name,
      response: message.message as Record<string, unknown>,
      ...(message.exchangeId !== undefined ? { exchangeId: message.exchangeId } : {}),
    });
  }
  return out;
}

/** The problem of one content block, if any. */
export function blockProblem(block: unknown): string | undefined {
  if (block === null || typeof block !== 'object') return `a block is ${show(block, 40)}, not an object`;
  const item = block as Record<string, unknown>;
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? undefined : 'a text block without text';
    case 'image':
    case 'audio':
      return typeof item.data === 'string' && typeof item.mimeType === 'string'
        ? undefined
        : `an ${item.type} block without data and mimeType`;
    case 'resource_link':
      return typeof item.uri === 'string' && typeof item.name === 'string' ? undefined : 'a resource_link without uri and name';
    case 'resource': {
      const resource = item.resource as Record<string, unknown> | undefined;
      return resource && typeof resource.uri === 'string' && (typeof resource.text === 'string' || typeof resource.blob === 'string')
        ? undefined
        : 'an embedded resource without uri and text or blob';
    }
    default:
      return `a block of unknown type ${show(item.type, 40)}`;
  }
}

/** The checks of every recorded and chosen call. */
export function resultChecks(seen: Observation, recorded: readonly RecordedCall[]): CheckFinding[] {
  const era: CheckEra = seen.era ?? '2025-11-25';
  const tools = new Map((seen.lists.tools?.items ?? []).map((tool) => [String(tool.name), tool]));
  const calls: RecordedCall[] = [
    ...recorded,
    ...seen.calls.flatMap(({ name, answer }) =>
      answer.response
        ? [{ tool: name, response: answer.response, ...(answer.exchangeId !== undefined ? { exchangeId: answer.exchangeId } : {}) }]
        : [],
    ),
  ];
  const out: CheckFinding[] = [];
  for (const call of calls) {
    const tool = tools.get(call.tool);
    const result = call.response.result as Record<string, unknown> | undefined;
    const error = call.response.error as { code?: unknown; message?: unknown } | undefined;
    if (error && tool && error.code !== -32602) {
      out.push(
        finding({
          id: 'results.is-error',
          subject: call.tool,
          severity: 'warn',
          category,
          title: `${call.tool} failed with a protocol error instead of an isError result`,
          expected: 'a result with isError: true and the failure in content, so the model can read it',
          actual: `error ${show(error.code)}: ${show(error.message, 100)}`,
          rule: spec(era, 'server/tools#error-handling', 'tools: error handling'),
          fix: 'Return a tool\'s own failures as { content: [{ type: "text", text: why }], isError: true }.',
          exchangeIds: [call.exchangeId],
        }),
      );
      continue;
    }
    if (!result) continue;
    const content = result.content;
    const problems = Array.isArray(content)
      ? content.map(blockProblem).filter((entry): entry is string => entry !== undefined)
      : ['content is not a list'];
    out.push(
      finding({
        id: 'results.content',
        subject: call.tool,
        severity: problems.length > 0 ? 'fail' : 'pass',
        category,
        title: problems.length > 0 ? `${call.tool} returned malformed content` : `${call.tool}'s content blocks are well-formed`,
        expected: 'content: a list of text, image, audio, resource_link or resource blocks',
        actual: problems.length > 0 ? problems.slice(0, 3).join('; ') : `${(content as unknown[]).length} block(s)`,
        rule: spec(era, 'server/tools#tool-result', 'tools: tool result'),
        fix: 'Send content blocks with the fields their type requires.',
        exchangeIds: [call.exchangeId],
      }),
    );
    const verdict = tool ? checkOutput(tool.outputSchema, result) : undefined;
    if (verdict) {
      const bad = verdict.status === 'invalid' || verdict.status === 'missing';
      out.push(
        finding({
          id: 'results.structured-content',
          subject: call.tool,
          severity: bad ? 'fail' : verdict.status === 'unchecked' ? 'info' : 'pass',
          category,
          title:
            verdict.status === 'missing'
              ? `${call.tool} has an outputSchema but returned no structuredContent`
              : verdict.status === 'invalid'
                ? `${call.tool}'s structuredContent does not match its outputSchema`
                : verdict.status === 'unchecked'
                  ? `${call.tool}'s outputSchema could not be used`
                  : `${call.tool}'s structuredContent matches its outputSchema`,
          expected: "structuredContent valid against the tool's outputSchema",
          actual: verdict.status === 'invalid' ? verdict.summary : verdict.status === 'unchecked' ? verdict.reason : verdict.status,
          rule: spec(era, 'server/tools#output-schema', 'tools: output schema'),
          fix: 'Return structuredContent that matches the outputSchema (and its JSON in a text block for older clients).',
          exchangeIds: [call.exchangeId],
        }),
      );
    }
  }
  return out;
}
