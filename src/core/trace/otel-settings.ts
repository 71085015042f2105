/**
 * The person's OpenTelemetry settings: the OTLP/HTTP endpoint traces are sent to as each turn ends,
 * the headers sent with them (an API key: secrets under the one policy, kept in the tab's memory
 * only and added to the secret registry, so no panel, export or recording shows them), and whether
 * MCP requests carry the trace context (`traceparent`, off by default: it changes the wire's bytes).
 * The endpoint and the propagation switch survive a reload; the headers never do, nor an endpoint
 * whose query carries a secret (`?api_key=…`).
 */
import { secretValuesOfUrl } from '../secrets';
import { Store } from '../shared/store';
import type { KeyValueStorage } from '../shared/key-value-storage';

/** The outcome of the last trace sent to the collector. */
export interface OtelSend {
  state: 'sending' | 'sent' | 'failed';
  turn: number;
  message: string;
  /** When the collector refused the page (CORS): the response headers it must send. */
  headersToAdd?: readonly string[];
}

/** What the settings panel shows: never a header's value. */
export interface OtelSnapshot {
  /** The endpoint as the person gave it ('' = none: nothing is sent). */
  endpoint: string;
  propagate: boolean;
  /** The names of the headers sent to the collector (their values stay out of every snapshot). */
  headerNames: readonly string[];
  lastSend?: OtelSend;
}

/** Where the endpoint and the switch are kept. */
export const OTEL_STORAGE_KEY = 'glassbox.otel';

/** The URL traces are posted to, or the problem with what was typed. A bare origin gets the OTLP path `/v1/traces`. */
export function otlpTracesUrl(text: string): { url: string } | { problem: string } {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: `"${trimmed}" is not a URL: give the collector's OTLP/HTTP address, such as http://127.0.0.1:4318/v1/traces.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: `The endpoint must be http or https (OTLP/HTTP), not ${url.protocol.replace(/:$/, '')}.` };
  if (url.username !== '' || url.password !== '')
    return { problem: 'Put credentials in a header (such as Authorization), not in the endpoint URL.' };
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/traces';
  return { url: url.href };
}

/** Parses "Name: value" lines; empty lines are skipped. */
export function parseOtelHeaders(text: string): { headers: Record<string, string> } | { problem: string } {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { problem: `Line ${index + 1} is not "Name: value".` };
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return { problem: `Line ${index + 1}: "${name}" is not a valid header name.` };
    if (value === '') return { problem: `Line ${index + 1}: the header ${name} has no value.` };
    if (name.toLowerCase() === 'content-type') return { problem: 'Content-Type is set by Glassbox (application/json): leave it out.' };
    headers[name] = value;
  }
  return { headers };
}

/** The OpenTelemetry settings store (see the file comment). */
export class OtelSettingsStore extends Store<OtelSnapshot> {
  private secretHeaders: Record<string, string> = {};

  constructor(
    private readonly storage: KeyValueStorage,
    /** Adds a value to the secret registry (redacted wherever it would be recorded or shown). */
    private readonly registerSecret: (value: string) => void = () => undefined,
  ) {
    super(readSaved(storage));
  }

  /** Sets the endpoint ('' turns sending off); returns the problem when it is not usable (nothing changes then). */
  setEndpoint(text: string): string | undefined {
    const trimmed = text.trim();
    if (trimmed !== '') {
      const checked = otlpTracesUrl(trimmed);
      if ('problem' in checked) return checked.problem;
    }
    // A key in the endpoint's query is a secret like a header's value (and is not kept across a reload).
    for (const value of secretValuesOfUrl(trimmed)) this.registerSecret(value);
    this.update({ endpoint: trimmed });
    return undefined;
  }

  /** Turns trace context propagation on or off. */
  setPropagate(propagate: boolean): void {
    this.update({ propagate });
  }

  /** Replaces the collector's headers ("Name: value" lines); returns the problem when a line is wrong (nothing changes then). */
  setHeaders(text: string): string | undefined {
    const parsed = parseOtelHeaders(text);
    if ('problem' in parsed) return parsed.problem;
    for (const value of Object.values(parsed.headers)) this.registerSecret(value);
    this.secretHeaders = parsed.headers;
    this.publish({ ...this.getSnapshot(), headerNames: Object.keys(parsed.headers) });
    return undefined;
  }

  /** The headers with their values, for the request to the collector only. */
  headers(): Record<string, string> {
    return { ...this.secretHeaders };
  }

  /** The URL to post to, or undefined when no (usable) endpoint is set. */
  tracesUrl(): string | undefined {
    const endpoint = this.getSnapshot().endpoint;
    if (endpoint === '') return undefined;
    const checked = otlpTracesUrl(endpoint);
    return 'url' in checked ? checked.url : undefined;
  }

  /** Records the outcome of a send, for the panel. */
  reportSend(send: OtelSend): void {
    this.publish({ ...this.getSnapshot(), lastSend: send });
  }

  private update(patch: Partial<Pick<OtelSnapshot, 'endpoint' | 'propagate'>>): void {
    const next = { ...this.getSnapshot(), ...patch };
    this.publish(next);
    try {
      const endpoint = secretValuesOfUrl(next.endpoint).length > 0 ? '' : next.endpoint;
      this.storage.setItem(OTEL_STORAGE_KEY, JSON.stringify({ endpoint, propagate: next.propagate }));
    } catch {
      // A storage that refuses (quota, private mode) keeps the setting for this tab only.
    }
  }
}

function readSaved(storage: KeyValueStorage): OtelSnapshot {
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(OTEL_STORAGE_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  const record = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  return {
    endpoint: typeof record['endpoint'] === 'string' ? record['endpoint'] : '',
    propagate: record['propagate'] === true,
    headerNames: [],
  };
}
