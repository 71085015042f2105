/**
 * The scripted demo model as a wire format: `demo` in the picker. It speaks Anthropic Messages
 * or OpenAI Chat Completions (the person picks which with the base URL preset, "Demo speaks …"),
 * building and parsing with those two adapters, and its requests are answered in the page by
 * `demoModelFetch`. It is not an AI, and every label says so.
 */
import type { SseEvent, ModelStreamParser, ParseOptions, ProviderAdapter, BuildRequestOptions } from '../provider';
import type { StreamSummaryReader, WireSummary } from '../adapter-parts';
import { anthropicProvider } from '../anthropic/anthropic-provider';
import { openAIProvider } from '../openai/openai-provider';
import { DEMO_MODEL_HOST } from './demo-constants';
import type { DemoDialect } from './read-demo-request';

/** The base URL of each dialect: the path says which format the demo speaks. */
export const DEMO_BASE_URLS: Readonly<Record<DemoDialect, string>> = {
  anthropic: `https://${DEMO_MODEL_HOST}/anthropic`,
  openai: `https://${DEMO_MODEL_HOST}/openai/v1`,
};

const DELEGATES = { anthropic: anthropicProvider, openai: openAIProvider } as const;

/** The dialect a base URL asks for: OpenAI Chat under `/openai`, Anthropic Messages otherwise. */
export function demoDialectOf(baseUrl: string): DemoDialect {
  try {
    return new URL(baseUrl.trim() === '' ? DEMO_BASE_URLS.anthropic : baseUrl).pathname.startsWith('/openai') ? 'openai' : 'anthropic';
  } catch {
    return 'anthropic';
  }
}

/** The dialect of a reply or error body: Chat Completions replies carry `choices`, errors no `type: "error"`. */
function dialectOfBody(body: unknown): DemoDialect {
  if (typeof body !== 'object' || body === null) return 'anthropic';
  const record = body as Record<string, unknown>;
  return 'choices' in record || ('error' in record && record['type'] !== 'error') ? 'openai' : 'anthropic';
}

/** The dialect of a stream: Anthropic names every event, OpenAI names none. */
function dialectOfEvent(event: SseEvent): DemoDialect {
  return event.event !== undefined ? 'anthropic' : 'openai';
}

/** A stream parser that picks its dialect from the first event. */
function createDemoStreamParser(options?: ParseOptions): ModelStreamParser {
  let inner: ModelStreamParser | undefined;
  const get = (event?: SseEvent) => (inner ??= DELEGATES[event ? dialectOfEvent(event) : 'anthropic'].createStreamParser(options));
  return {
    push: (event) => get(event).push(event),
    finish: () => get().finish(),
    get warnings() {
      return inner?.warnings ?? [];
    },
  };
}

/** A stream summary reader that picks its dialect from the first event. */
function createDemoStreamReader(): StreamSummaryReader {
  let inner: StreamSummaryReader | undefined;
  return {
    read(event) {
      inner ??= DELEGATES[dialectOfEvent(event)].summary.createStreamReader();
      inner.read(event);
    },
    findings: () => (inner ?? anthropicProvider.summary.createStreamReader()).findings(),
  };
}

const demoSummary: WireSummary = {
  toolCallWord: 'tool call',
  // Its exchanges are always recorded with the `demo` source; a URL alone never means the demo.
  recognizes: () => false,
  countMessages: (body) => (Array.isArray(body['messages']) ? body['messages'].length : undefined),
  requestShape: (body) => DELEGATES[dialectOfBody(body)].summary.requestShape(body),
  readReply: (body) => DELEGATES[dialectOfBody(body)].summary.readReply(body),
  createStreamReader: createDemoStreamReader,
};

/** The scripted demo model (`demo`). */
export const demoProvider: ProviderAdapter<object, 'demo'> = {
  id: 'demo',
  label: 'Scripted demo, not an AI — no key needed',
  defaultBaseUrl: DEMO_BASE_URLS.anthropic,
  presets: [
    {
      id: 'demo-anthropic',
      label: 'Anthropic Messages',
      baseUrl: DEMO_BASE_URLS.anthropic,
      needsKey: false,
      note: 'A script in this page answers in the Anthropic Messages format; nothing leaves the browser.',
    },
    {
      id: 'demo-openai',
      label: 'OpenAI Chat',
      baseUrl: DEMO_BASE_URLS.openai,
      needsKey: false,
      note: 'A script in this page answers in the OpenAI Chat Completions format; nothing leaves the browser.',
    },
  ],
  modelSuggestions: ['glassbox-demo-script'],
  buildRequest: (request, options: BuildRequestOptions) => {
    // An empty base URL means the demo's own default, never the delegate's (a vendor's host).
    const baseUrl = options.baseUrl.trim() === '' ? DEMO_BASE_URLS.anthropic : options.baseUrl;
    return DELEGATES[demoDialectOf(baseUrl)].buildRequest(request, { ...options, baseUrl, apiKey: '' });
  },
  parseResponse: (body, options) => DELEGATES[dialectOfBody(body)].parseResponse(body, options),
  createStreamParser: createDemoStreamParser,
  parseError: (body) => DELEGATES[dialectOfBody(body)].parseError(body),
  schema: { ...anthropicProvider.schema, label: 'demo input_schema (Anthropic rules)' },
  errors: {
    vendorHost: DEMO_MODEL_HOST,
    vendorName: 'the scripted demo',
    keyHint: 'no key (the demo needs none)',
    baseUrlHint: `(the demo answers ${DEMO_BASE_URLS.anthropic} and ${DEMO_BASE_URLS.openai}).`,
    endMarker: 'message_stop or [DONE]',
    authHeaders: 'none',
    corsAdvice: 'The demo is answered inside the page; no network is involved.',
  },
  summary: demoSummary,
  notes: {
    request:
      'The request Glassbox built, exactly as a real model would get it, in the format the demo speaks (Anthropic Messages or OpenAI Chat, picked beside the base URL). ' +
      "It carries the whole conversation and the tool definitions made from each server's tools/list; a script in this page answers it — nothing leaves the browser.",
    response:
      'The scripted reply, in the same format a real model uses: text, and a tool call (tool_use or tool_calls) naming a tool from the request. ' +
      'Glassbox runs the call (after your approval) and sends its result back in the next request.',
    stream: 'The scripted reply as a stream of Server-Sent Events, in the same events a real model sends, read by the same parser.',
    error: 'The demo refused the request (it answers only model requests of the two formats).',
  },
  // The scripted model loads with the first request it answers, not with the page's first chunk.
  localFetch: (input, init) => import('./demo-fetch').then(({ demoModelFetch }) => demoModelFetch(input, init)),
  borrowsWire: true,
};
