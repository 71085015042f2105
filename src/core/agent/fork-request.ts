/**
 * Fork a recorded model request: the person's edited JSON body is sent to the same URL with the
 * same headers as the original, through the recording fetch, so it shows on the model wire as a
 * new exchange marked `forkOf` the original. The recorded headers and URL were redacted at record
 * time, so the key is put back from the person's current settings, never from the record. The
 * conversation is not touched: the reply lives only in the fork's own exchange.
 */
import { REDACTED } from '../secrets';
import type { CallContext, HttpExchange } from '../traffic/types';

/** Why a fork could not be sent; `code` is stable. */
export class ForkRequestError extends Error {
  override readonly name = 'ForkRequestError';
  constructor(
    readonly code: 'not-model' | 'invalid-json' | 'no-key',
    message: string,
  ) {
    super(message);
  }
}

/** What sending a fork needs. */
export interface ForkDeps {
  /** The recording fetch of the original's wire format, its exchange part of `context`. */
  modelFetch(source: string, context: CallContext): typeof fetch;
  /** The person's current API key (may be empty for a keyless local server). */
  apiKey(): string;
}

/** What a sent fork produced. */
export interface ForkResult {
  status: number;
  /** The reply read whole (JSON text or the raw event stream), already recorded by the tap. */
  text: string;
}

/** Headers that the browser sets itself and must not be copied onto a new request. */
const BROWSER_HEADERS: ReadonlySet<string> = new Set(['content-length', 'host', 'connection', 'accept-encoding']);

/** The original's headers with the redacted key replaced by the current one (a redacted value with no key to restore is an error). */
export function restoreHeaders(recorded: Readonly<Record<string, string>>, apiKey: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded)) {
    if (BROWSER_HEADERS.has(name)) continue;
    if (value.includes(REDACTED) && apiKey === '')
      throw new ForkRequestError('no-key', `The header "${name}" carried the API key: set your key in the settings to send a fork.`);
    headers[name] = value.split(REDACTED).join(apiKey);
  }
  return headers;
}

/** Checks that the edited body is JSON; returns it unchanged (the exact text is what is sent). */
export function checkForkBody(body: string): string {
  try {
    JSON.parse(body);
  } catch (error) {
    throw new ForkRequestError('invalid-json', `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return body;
}

/** Sends the edited body as a fork of `original`, waits for the whole reply, and returns it. Throws ForkRequestError or the fetch's error. */
export async function sendFork(original: HttpExchange, body: string, deps: ForkDeps, signal?: AbortSignal): Promise<ForkResult> {
  if (original.wire !== 'model') throw new ForkRequestError('not-model', 'Only a model request can be forked.');
  const text = checkForkBody(body);
  const key = deps.apiKey();
  const headers = restoreHeaders(original.requestHeaders, key);
  const url = original.url.includes(REDACTED) ? original.url.split(REDACTED).join(encodeURIComponent(key)) : original.url;
  const fetchFork = deps.modelFetch(original.source, { forkOf: original.id });
  const response = await fetchFork(url, { method: original.method, headers, body: text, ...(signal ? { signal } : {}) });
  return { status: response.status, text: await response.text() };
}
