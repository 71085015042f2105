/**
 * A load probe's requests summarised on one row of the MCP wire: the wire tap records each of
 * them apart (a scratch log of its own) and hands the finished exchange here, which counts it,
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

/** How one request failed, or undefined when it succeeded (or was stopped by the person). */
function failureOf(exchange: HttpExchange, messages: readonly RpcMessageRecord[]): Omit<LoadGroup, 'count'> | undefined {
  if (exchange.state === 'aborted') return undefined;
  if (exchange.state === 'failed' && exchange.status === undefined)
    return { key: 'network', ...(exchange.error !== undefined && { message: exchange.error }) };
  const status = exchange.status;
  const answer = messages.find((message) => message.direction === 'in' && (message.kind === 'error' || message.kind === 'response'));
  const body = answer?.message as { error?: { code?: unknown; message?: unknown }; result?: { isError?: unknown } } | undefined;
  const rpcCode = typeof body?.error?.code === 'number' ? body.error.code : undefined;
  const toolError = body?.result?.isError === true;
  const httpBad = status !== undefined && (status < 200 || status >= 300);
  if (!httpBad && rpcCode === undefined && !toolError && exchange.state !== 'failed') return undefined;
  const parts = [
    ...(status !== undefined ? [`HTTP ${status}`] : []),
    ...(rpcCode !== undefined ? [`JSON-RPC ${rpcCode}`] : toolError ? ['tool error'] : []),
  ];
  const message = typeof body?.error?.message === 'string' ? body.error.message : (exchange.error ?? exchange.statusText ?? undefined);
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
  exchange: HttpExchange,
  messages: readonly RpcMessageRecord[],
): { aggregate: LoadAggregate; kept: boolean } {
  aggregate.requests += 1;
  const failure = failureOf(exchange, messages);
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
    const sample: LoadSample = { exchange, messages: [...messages], ...(sampleGroup !== undefined && { group: sampleGroup }) };
    samples = [...samples, sample];
    kept = true;
  }
  return kept ? { aggregate: { ...aggregate, groups, samples }, kept } : { aggregate, kept };
}
