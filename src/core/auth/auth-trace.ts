/**
 * The record of a sign-in, step by step, for the auth debugger: each step holds the HTTP
 * exchanges it made (recorded by the step's own fetch, redacted at record time), the URLs it
 * tried, what was checked, and for a failure the coded error and its fix. The SDK's discovery
 * swallows CORS failures; because every request goes through a step's fetch, the trace still
 * sees which URL failed and how.
 */
import { Listeners } from '../shared/listeners';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthError, AuthErrorCode } from './auth-error';
import type { AuthStepKind, AuthStepStatus } from './auth-steps';
import { redactUrlsInText } from '../secrets';
import { readProof } from './dpop';
import type { DpopProof } from './dpop';
import { redactBody, redactOAuthUrl, redactParams } from './redact-oauth';

/** One HTTP exchange of a step, secrets redacted. `failure` is set when fetch threw (no response). */
export interface AuthExchange {
  method: string;
  url: string;
  requestBody?: unknown;
  status?: number;
  contentType?: string;
  /** The response's Access-Control-Allow-Origin, or undefined when it sent none. */
  allowOrigin?: string;
  responseBody?: unknown;
  failure?: { name: string; message: string };
  /** The DPoP proof the request carried: its header and claims (no token: `ath` is the token's hash). */
  dpop?: Pick<DpopProof, 'header' | 'claims'>;
}

/** One step of a sign-in, as the auth debugger shows it. */
export interface AuthStep {
  id: string;
  step: AuthStepKind;
  status: AuthStepStatus;
  /** Every URL the step requested, in order (a failure lists them all). */
  urlsTried: string[];
  exchanges: AuthExchange[];
  /** What was verified, one sentence each ("issuer equals …"). */
  checks: string[];
  note?: string;
  error?: { code: AuthErrorCode; message: string; endpoint?: string };
  fix?: string;
}

/** The largest response body text read for the record, in characters. */
const MAX_RECORDED_BODY = 16_384;

/** Headers in any form fetch accepts, read as a lookup. */
function headerValue(headers: RequestInit['headers'], name: string): string | null {
  if (headers === undefined) return null;
  return new Headers(headers).get(name);
}

/** The request body as recorded (forms and JSON parsed and redacted). */
function recordRequestBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (body instanceof URLSearchParams) return redactParams(body);
  if (typeof body === 'string') return redactBody(body, headerValue(init?.headers, 'content-type') ?? 'text/plain');
  return '(binary body)';
}

/** One step being recorded: its fetch records every exchange into it. */
export class StepRecorder {
  readonly record: AuthStep;
  private readonly changed: () => void;

  constructor(record: AuthStep, changed: () => void) {
    this.record = record;
    this.changed = changed;
  }

  /** `next` wrapped so each request and its response (or its failure) is recorded in this step. */
  fetch(next: FetchLike): FetchLike {
    return async (url, init) => {
      const exchange: AuthExchange = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: redactOAuthUrl(url),
        requestBody: recordRequestBody(init),
      };
      const proof = headerValue(init?.headers, 'dpop');
      const dpop = proof === null ? undefined : readProof(proof);
      if (dpop) exchange.dpop = dpop;
      this.record.urlsTried.push(exchange.url);
      this.record.exchanges.push(exchange);
      try {
        const response = await next(url, init);
        exchange.status = response.status;
        exchange.contentType = response.headers.get('content-type') ?? undefined;
        exchange.allowOrigin = response.headers.get('access-control-allow-origin') ?? undefined;
        const text = await response
          .clone()
          .text()
          .catch(() => '');
        exchange.responseBody = redactBody(text.slice(0, MAX_RECORDED_BODY), response.headers.get('content-type'));
        return response;
      } catch (error) {
        exchange.failure =
          error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
        throw error;
      } finally {
        this.changed();
      }
    };
  }

  /** Records a request made elsewhere (an MCP request with its DPoP proof), keeping the newest `limit`. */
  exchange(exchange: AuthExchange, limit = 20): void {
    this.record.exchanges = [...this.record.exchanges, exchange].slice(-limit);
    this.changed();
  }

  /** Records something verified. */
  check(sentence: string): void {
    this.record.checks.push(redactUrlsInText(sentence));
    this.changed();
  }

  /** Records a navigation (the authorize step's URL and its callback), redacted. */
  navigation(url: string | URL, callback?: URLSearchParams): void {
    const redacted = redactOAuthUrl(url);
    this.record.urlsTried.push(redacted);
    this.record.exchanges.push({
      method: 'NAVIGATE',
      url: redacted,
      ...(callback === undefined ? {} : { responseBody: redactParams(callback) }),
    });
    this.changed();
  }

  /** Ends the step as done. */
  ok(note?: string): void {
    this.end('ok', note);
  }

  /** Ends the step as not needed (with the reason). */
  skip(note: string): void {
    this.end('skipped', note);
  }

  /** Ends the step as failed with the coded error, and returns the error for throwing. */
  fail(error: AuthError): AuthError {
    this.record.error = {
      code: error.code,
      message: redactUrlsInText(error.message),
      ...(error.endpoint === undefined ? {} : { endpoint: redactUrlsInText(error.endpoint) }),
    };
    this.record.fix = error.fix === undefined ? undefined : redactUrlsInText(error.fix);
    this.end('failed');
    return error;
  }

  private end(status: AuthStepStatus, note?: string): void {
    this.record.status = status;
    if (note !== undefined) this.record.note = redactUrlsInText(note);
    this.changed();
  }
}

/** The steps of one server's sign-ins, newest last; a framework-free store with `subscribe`. */
export class AuthTrace {
  private list: AuthStep[] = [];
  private readonly listeners = new Listeners();
  private counter = 0;
  private readonly idPrefix: string;

  constructor(idPrefix = 'auth') {
    this.idPrefix = idPrefix;
  }

  /** A snapshot of the steps (a new array after each change, for useSyncExternalStore). */
  steps(): readonly AuthStep[] {
    return this.list;
  }

  /** Calls `listener` after each change; returns the unsubscribe function. */
  readonly subscribe = this.listeners.subscribe;

  /** Starts recording a step. */
  begin(step: AuthStepKind): StepRecorder {
    this.counter += 1;
    const record: AuthStep = { id: `${this.idPrefix}-${this.counter}`, step, status: 'running', urlsTried: [], exchanges: [], checks: [] };
    this.list = [...this.list, record];
    return new StepRecorder(record, () => this.notify());
  }

  private notify(): void {
    this.list = [...this.list];
    this.listeners.notify();
  }
}
