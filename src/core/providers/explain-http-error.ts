/**
 * Turns a failed model request (an HTTP error, a blocked fetch, a cut stream) into a stable
 * code and plain words: what happened, what usually fixes it, and whether a retry can help.
 */
import type { ProviderErrorInfo } from './provider';
import { PROVIDERS, type ProviderId } from './registry';

/** The kinds of model-request failure, stable for callers to branch on. */
type ModelErrorCode =
  | 'bad-key'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'overloaded'
  | 'server-error'
  | 'bad-request'
  | 'cors'
  | 'network'
  | 'stream-cut'
  | 'malformed';

/** What is known about a failed model request. */
export interface ModelHttpFailure {
  provider: ProviderId;
  /** The request URL. */
  url: string;
  /** The model name, shown when the answer is 404. */
  model?: string;
  /** The HTTP status; undefined when no response arrived (fetch threw). */
  status?: number;
  /** The response body: parsed JSON or raw text. */
  body?: unknown;
  /** The `retry-after` header: seconds, or an HTTP date (needs `now`). */
  retryAfter?: string | number | null;
  /**
   * Why there is no usable response. `fetch-failed` (the default without a status) is what a
   * browser reports both for a CORS refusal and for an unreachable server.
   */
  failure?: 'fetch-failed' | 'offline' | 'stream-cut' | 'malformed';
  /** The page's origin; a failed fetch to the same origin cannot be CORS. */
  pageOrigin?: string;
  /** The current time (epoch ms), only needed for an HTTP-date `retry-after`. */
  now?: number;
}

/** A failure explained for a person, with what the loop may do about it. */
export interface ModelErrorExplanation {
  code: ModelErrorCode;
  title: string;
  detail: string;
  /** True when trying again later can succeed (with backoff). */
  retryable: boolean;
  /** How long the provider asked to wait, in milliseconds. */
  retryAfterMs?: number;
  /** The provider's own error type and message, when the body had them. */
  providerError?: ProviderErrorInfo;
}

/** Explains a failed model request. Pure: everything it needs is in `failure`. */
export function explainModelHttpError(failure: ModelHttpFailure): ModelErrorExplanation {
  const { status } = failure;
  if (status === undefined) return explainWithoutStatus(failure);

  const adapter = PROVIDERS[failure.provider];
  const providerError = failure.body === undefined || failure.body === '' ? undefined : adapter.parseError(failure.body);
  const said = providerError ? ` The server said: ${providerError.message}` : '';
  const where = describeEndpoint(failure);
  const base = providerError ? { providerError } : {};
  const retryAfterMs = parseRetryAfter(failure.retryAfter, failure.now);
  const wait = retryAfterMs === undefined ? {} : { retryAfterMs };

  if (status === 401) {
    return {
      ...base,
      code: 'bad-key',
      title: 'The API key was refused',
      detail:
        `${where} answered 401.${said} Check that the key belongs to this provider ` +
        `(${adapter.errors.keyHint}) ` +
        'and that it was pasted whole.',
      retryable: false,
    };
  }
  if (status === 403) {
    return {
      ...base,
      code: 'forbidden',
      title: 'The key may not do this',
      detail: `${where} answered 403.${said} The key is valid but lacks access (to this model, this organisation or this region).`,
      retryable: false,
    };
  }
  if (status === 404) {
    return {
      ...base,
      code: 'not-found',
      title: 'Wrong model name or base URL',
      detail:
        `${where} answered 404 for model "${failure.model ?? '(not given)'}" at ${failure.url}.${said} ` +
        `Either the model name is not one this server knows, or the base URL points to the wrong place ${adapter.errors.baseUrlHint}`,
      retryable: false,
    };
  }
  if (status === 429) {
    if (providerError?.type === 'insufficient_quota') {
      return {
        ...base,
        code: 'rate-limited',
        title: 'The account has no quota left',
        detail: `${where} answered 429.${said} Waiting will not help: check the account's billing and limits.`,
        retryable: false,
      };
    }
    return {
      ...base,
      ...wait,
      code: 'rate-limited',
      title: 'Too many requests',
      detail: `${where} answered 429.${said} ${retryAdvice(retryAfterMs)}`,
      retryable: true,
    };
  }
  if (status === 529 || providerError?.type === 'overloaded_error') {
    return {
      ...base,
      ...wait,
      code: 'overloaded',
      title: 'The provider is overloaded',
      detail: `${where} answered ${status}.${said} This is on the provider's side. ${retryAdvice(retryAfterMs)}`,
      retryable: true,
    };
  }
  if (status >= 500 || status === 408) {
    return {
      ...base,
      ...wait,
      code: 'server-error',
      title: 'The provider had a problem',
      detail: `${where} answered ${status}.${said} ${retryAdvice(retryAfterMs)}`,
      retryable: true,
    };
  }
  if (status >= 400) {
    return {
      ...base,
      code: 'bad-request',
      title: 'The request was refused',
      detail: `${where} answered ${status}.${said || ' It gave no reason.'} The exact request body is in the model traffic panel.`,
      retryable: false,
    };
  }
  return {
    ...base,
    code: 'malformed',
    title: 'Unexpected answer',
    detail: `${where} answered ${status}, which is not a model reply.`,
    retryable: false,
  };
}

function explainWithoutStatus(failure: ModelHttpFailure): ModelErrorExplanation {
  const kind = failure.failure ?? 'fetch-failed';
  const where = describeEndpoint(failure);
  const adapter = PROVIDERS[failure.provider];
  switch (kind) {
    case 'stream-cut':
      return {
        code: 'stream-cut',
        title: 'The reply stopped halfway',
        detail: `The stream from ${where} ended before its end marker (${adapter.errors.endMarker}). The connection dropped or a proxy cut it; trying again usually works.`,
        retryable: true,
      };
    case 'malformed':
      return {
        code: 'malformed',
        title: 'The reply could not be read',
        detail: `${where} answered with something that is not a ${adapter.label} reply. Check that the base URL points to a server speaking this format.`,
        retryable: false,
      };
    case 'offline':
      return {
        code: 'network',
        title: 'No network',
        detail: `The browser is offline, so ${where} could not be reached.`,
        retryable: true,
      };
    case 'fetch-failed':
      return explainFetchFailed(failure);
    default: {
      const unhandled: never = kind;
      throw new Error(`Unknown failure: ${String(unhandled)}`);
    }
  }
}

/**
 * A fetch that threw: the browser does not say whether CORS or the network was at fault.
 * Same-origin requests cannot fail on CORS; for the rest, say what usually fixes each endpoint.
 */
function explainFetchFailed(failure: ModelHttpFailure): ModelErrorExplanation {
  const target = parseUrl(failure.url);
  const origin = target?.origin ?? failure.url;
  if (target && failure.pageOrigin !== undefined && target.origin === failure.pageOrigin) {
    return {
      code: 'network',
      title: `Could not reach ${origin}`,
      detail: `The request to ${failure.url} failed before any answer arrived. Check that the server is running.`,
      retryable: true,
    };
  }
  const page = failure.pageOrigin ?? "this page's origin";
  const host = target?.hostname ?? '';
  const port = target?.port ?? '';
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  let fix: string;
  if (local && port === '11434') {
    fix = `If Ollama is running, it refuses other origins by default: start it with OLLAMA_ORIGINS=${page} (then restart it).`;
  } else if (local && port === '1234') {
    fix = 'If LM Studio is running, turn on "Enable CORS" in its server settings.';
  } else if (vendorAt(host) !== undefined) {
    fix = vendorAt(host)!.errors.corsAdvice;
  } else {
    fix = `The server must answer the preflight (OPTIONS ${target?.pathname ?? ''}) with Access-Control-Allow-Origin for ${page} and allow the headers this request sends (content-type and ${PROVIDERS[failure.provider].errors.authHeaders}). If you do not control it, put a proxy in front that adds them.`;
  }
  return {
    code: 'cors',
    title: `The browser could not call ${origin}`,
    detail: `The request to ${failure.url} failed before any answer arrived: the server is unreachable, or it does not allow requests from ${page} (CORS). ${fix}`,
    retryable: false,
  };
}

/** The format whose vendor serves this host (api.openai.com → either OpenAI format), if any. */
function vendorAt(host: string) {
  return Object.values(PROVIDERS).find((adapter) => adapter.errors.vendorHost === host);
}

/** "Anthropic" or "OpenAI" at the vendor's own host, else the host of the compatible server. */
function describeEndpoint(failure: ModelHttpFailure): string {
  const host = parseUrl(failure.url)?.host ?? failure.url;
  const { vendorHost, vendorName } = PROVIDERS[failure.provider].errors;
  return host === vendorHost ? vendorName : host;
}

function retryAdvice(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) return 'Wait a little and try again (Glassbox retries with growing pauses).';
  return `It asked to wait ${formatSeconds(retryAfterMs)} before trying again.`;
}

function formatSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * A `retry-after` value → milliseconds: a number of seconds, or an HTTP date (measured from
 * `now`; without `now` a date cannot be used). Invalid or negative values give undefined.
 */
export function parseRetryAfter(value: string | number | null | undefined, now?: number): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value).trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (now === undefined) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
