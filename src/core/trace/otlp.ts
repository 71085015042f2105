/**
 * The span tree as OTLP/JSON, built with the OpenTelemetry JS SDK (spans started and ended at
 * their recorded times, with the ids the tree chose) and its OTLP JSON serializer; and sending it
 * to a collector over OTLP/HTTP, with the CORS diagnosis when the collector refuses the page.
 * Loaded on demand (an export, a turn's end with an endpoint set): the SDK stays out of the
 * page's start-up.
 */
import { context, trace, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type IdGenerator, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { diagnoseNetworkFailure, type CorsProfile, type Diagnosis } from '../mcp';
import { redactUrl } from '../secrets';
import { buildTurnTraces, type TraceSource, type TurnTrace } from './span-tree';

/** The resource every exported span carries. */
const RESOURCE = { 'service.name': 'glassbox', 'telemetry.sdk.name': 'opentelemetry', 'telemetry.sdk.language': 'webjs' };

/** Hands the SDK the ids the span tree chose, one span at a time. */
class ChosenIds implements IdGenerator {
  traceId = '';
  spanId = '';
  generateTraceId = (): string => this.traceId;
  generateSpanId = (): string => this.spanId;
}

/** Collects the ended spans (in the order they end). */
class Collector implements SpanProcessor {
  readonly spans: ReadableSpan[] = [];
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    this.spans.push(span);
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** The SDK's spans of these traces, each started and ended at its recorded time. */
export function toReadableSpans(traces: readonly TurnTrace[]): ReadableSpan[] {
  const ids = new ChosenIds();
  const collector = new Collector();
  const provider = new BasicTracerProvider({ resource: resourceFromAttributes(RESOURCE), idGenerator: ids, spanProcessors: [collector] });
  const tracer = provider.getTracer('glassbox', '1');
  for (const turn of traces) {
    const started = new Map<string, Span>();
    for (const plain of turn.spans) {
      const parent = plain.parentSpanId === undefined ? undefined : started.get(plain.parentSpanId);
      const parentContext = parent ? trace.setSpan(context.active(), parent) : trace.deleteSpan(context.active());
      ids.traceId = plain.traceId;
      ids.spanId = plain.spanId;
      const span = tracer.startSpan(
        plain.name,
        { kind: plain.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, startTime: plain.startMs, attributes: plain.attributes },
        parentContext,
      );
      if (plain.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: plain.error });
      started.set(plain.spanId, span);
    }
    // Children end first, so each span's end is recorded after its children's, as when it ran.
    for (const plain of [...turn.spans].reverse()) started.get(plain.spanId)?.end(plain.endMs);
  }
  return collector.spans;
}

/** The OTLP/JSON body (an ExportTraceServiceRequest) of the traces of `turn`, or of every turn. */
export function otlpJson(source: TraceSource, turn?: number): { json: string; spanCount: number } {
  const spans = toReadableSpans(buildTurnTraces(source, turn));
  const bytes = JsonTraceSerializer.serializeRequest(spans);
  if (bytes === undefined) throw new Error('The OpenTelemetry serializer produced nothing.');
  return { json: new TextDecoder().decode(bytes), spanCount: spans.length };
}

/** What a send to the collector came to. */
export type SendResult =
  | { ok: true; status: number; spanCount: number; rejected?: number; message: string }
  | { ok: false; message: string; diagnosis?: Diagnosis };

/** What a collector's preflight must allow, and the CORS headers it should send (`origin`: the page's). */
function collectorCors(origin: string, headerNames: readonly string[]): CorsProfile {
  const allowed = ['content-type', ...headerNames.map((name) => name.toLowerCase())].join(', ');
  return {
    preflight: [['content-type', 'application/json'], ...headerNames.map((name) => [name.toLowerCase(), 'glassbox-probe'] as const)],
    recommended: [
      `Access-Control-Allow-Origin: ${origin}`,
      'Access-Control-Allow-Methods: POST, OPTIONS',
      `Access-Control-Allow-Headers: ${allowed}`,
    ],
    clients: 'Glassbox sends with a trace',
  };
}

/**
 * Posts the traces of `turn` to an OTLP/HTTP collector. A network failure is diagnosed with the
 * same probes as an MCP server's (unreachable, no CORS, a header the preflight refuses), for the
 * collector's own headers; an HTTP error says its status and what the collector said.
 */
export async function sendOtlp(options: {
  url: string;
  headers: Record<string, string>;
  source: TraceSource;
  turn?: number;
  fetch: typeof fetch;
  probeFetch?: typeof fetch;
  /** The page's origin, for the Access-Control-Allow-Origin line. */
  origin?: string;
}): Promise<SendResult> {
  const { json, spanCount } = otlpJson(options.source, options.turn);
  const shown = redactUrl(options.url);
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body: json,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return { ok: false, message: 'Sending the trace was stopped.' };
    const diagnosis = await diagnoseNetworkFailure(
      options.url,
      options.probeFetch ?? options.fetch,
      [],
      collectorCors(options.origin ?? '*', Object.keys(options.headers)),
    );
    return { ok: false, message: `The collector at ${shown} did not take the trace. ${diagnosis.title}.`, diagnosis };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const said = text.trim().slice(0, 300);
    return {
      ok: false,
      message: `The collector at ${shown} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${said ? `: ${said}` : ''}.`,
    };
  }
  const rejected = rejectedSpans(text);
  return {
    ok: true,
    status: response.status,
    spanCount,
    ...(rejected ? { rejected } : {}),
    message: rejected
      ? `Sent ${spanCount} spans; the collector rejected ${rejected} of them.`
      : `Sent ${spanCount} spans to ${shown} (${response.status}).`,
  };
}

/** The collector's partial success: how many spans it rejected, if it said. */
function rejectedSpans(text: string): number | undefined {
  try {
    const body = JSON.parse(text) as { partialSuccess?: { rejectedSpans?: number | string } };
    const rejected = Number(body.partialSuccess?.rejectedSpans ?? 0);
    return rejected > 0 ? rejected : undefined;
  } catch {
    return undefined;
  }
}
