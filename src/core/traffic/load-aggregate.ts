/**
 * A load probe's requests summarised on one row of the MCP wire: the wire tap hands each finished
 * request here (its outcome, and how to record it whole), which counts it,
 * groups it when it failed (by HTTP status and JSON-RPC code) and keeps a few whole: the first
 * `FIRST_SAMPLES`, and the first of each error group (at most `MAX_GROUP_SAMPLES`). The row
 * then stays one row however many requests the probe sends, and a saved session stays small.
 */
import type { HttpExchange, LoadAggregate, LoadGroup, LoadSample, RpcMessageRecord } from './types';

/** The first requests of a run kept whole, whatever their outcome. */
export const FIRST_SAMPLES = 3;
/** Error groups with an example kept (more groups are still counted). */
export const MAX_GROUP_SAMPLES = 8;
/** Error groups counted (past this, the rest share one `other` group). */
const MAX_GROUPS = 32;

/** What a finished load request came to: enough to count it, and to group it when it failed. */
export interface LoadOutcome {
  state: HttpExchange['state'];
  status?: number;
  statusText?: string;
  error?: string;
  /** The JSON-RPC answer to the request (a response or an error), as parsed, when one came. */
  answer?: unknown;
}

/** The request recorded whole: asked only when the row keeps it as a sample. */
export type WholeRequest = () => { exchange: HttpExchange; messages: readonly RpcMessageRecord[] };

/** The outcome of a request recorded whole (its answer: the first response or error that came in). */
export function outcomeOf(exchange: HttpExchange, messages: readonly RpcMessageRecord[]): LoadOutcome {
  const answer = messages.find((message) => message.direction === 'in' && (message.kind === 'error' || message.kind === 'response'));
  return {
    state: exchange.state,
    ...(exchange.status !== undefined && { status: exchange.status }),
    ...(exchange.statusText !== undefined && { statusText: exchange.statusText }),
    ...(exchange.error !== undefined && { error: exchange.error }),
    ...(answer && { answer: answer.message }),
  };
}

/** How one request failed, or undefined when it succeeded (or was stopped by the person). */
function failureOf(outcome: LoadOutcome): Omit<LoadGroup, 'count'> | undefined {
  if (outcome.state === 'aborted') return undefined;
  if (outcome.state === 'failed' && outcome.status === undefined)
    return { key: 'network', ...(outcome.error !== undefined && { message: outcome.error }) };
  const status = outcome.status;
  const body = outcome.answer as { error?: { code?: unknown; message?: unknown }; result?: { isError?: unknown } } | undefined;
  const rpcCode = typeof body?.error?.code === 'number' ? body.error.code : undefined;
  const toolError = body?.result?.isError === true;
  const httpBad = status !== undefined && (status < 200 || status >= 300);
  if (!httpBad && rpcCode === undefined && !toolError && outcome.state !== 'failed') return undefined;
  const parts = [
    ...(status !== undefined ? [`HTTP ${status}`] : []),
    ...(rpcCode !== undefined ? [`JSON-RPC ${rpcCode}`] : toolError ? ['tool error'] : []),
  ];
  const message = typeof body?.error?.message === 'string' ? body.error.message : (outcome.error ?? outcome.statusText ?? undefined);
  return {
    key: parts.join(' · ') || 'failed',
    ...(status !== undefined && { status }),
    ...(rpcCode !== undefined && { rpcCode }),
    ...(message !== undefined && message !== '' && { message }),
  };
}

/** Adds one finished request to a run's aggregate; returns the new aggregate, or the same object when only counters changed. */
export function addToAggregate(
  aggregate: LoadAggregate,
  outcome: LoadOutcome,
  whole: WholeRequest,
): { aggregate: LoadAggregate; kept: boolean } {
  aggregate.requests += 1;
  const failure = failureOf(outcome);
  let kept = false;
  let groups = aggregate.groups;
  let samples = aggregate.samples;
  let sampleGroup: string | undefined;
  if (failure) {
    const existing = groups.find((group) => group.key === failure.key) ?? (groups.length >= MAX_GROUPS ? groups.at(-1) : undefined);
    if (existing) existing.count += 1;
    else {
      groups = [...groups, { ...failure, count: 1 }];
      kept = true;
      if (samples.filter((sample) => sample.group !== undefined).length < MAX_GROUP_SAMPLES) sampleGroup = failure.key;
    }
  }
  const first = samples.filter((sample) => sample.group === undefined).length < FIRST_SAMPLES && sampleGroup === undefined;
  if (sampleGroup !== undefined || first) {
    const { exchange, messages } = whole();
    const sample: LoadSample = { exchange, messages: [...messages], ...(sampleGroup !== undefined && { group: sampleGroup }) };
    samples = [...samples, sample];
    kept = true;
  }
  return kept ? { aggregate: { ...aggregate, groups, samples }, kept } : { aggregate, kept };
}
