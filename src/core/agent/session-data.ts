/**
 * Restores saved session data (untrusted: it comes from storage or a file) at one boundary:
 * checks the shape, fills what is missing, drops what cannot be used and lists every problem.
 * Work that was in flight when the data was saved (a streaming reply, a running or waiting tool
 * call) is marked as interrupted, since nothing can resume it.
 */
import { isProviderId, PROVIDER_IDS, PROVIDERS, type ProviderId } from '../providers';
import type { AgentSessionData, ChatItem, ModelSettings, RequestRecord, TimelineSpan, ToolCallItem, TurnTimeline } from './session-types';
import type { NeutralMessage, NeutralPart } from '../conversation';
import { isPlainObject } from '../shared/json';

/** The outcome of parsing: the data (absent when unusable) and the problems found. */
export interface ParsedSessionData {
  data?: AgentSessionData;
  problems: string[];
}

type Json = Record<string, unknown>;

const ITEM_KINDS: ReadonlySet<string> = new Set(['user', 'assistant', 'tool-call', 'error', 'notice']);
const TOOL_STATUSES: ReadonlySet<string> = new Set(['streaming', 'awaiting-approval', 'running', 'done', 'failed']);

/** Where a message came from when no one typed it (an inserted prompt), if saved. */
function sourceOf(value: Record<string, unknown>): { source?: string } {
  return typeof value['source'] === 'string' ? { source: value['source'] } : {};
}

/** The labels of the resources attached to a message, if saved. */
function attachmentsOf(value: Record<string, unknown>): { attachments?: string[] } {
  const labels = value['attachments'];
  return Array.isArray(labels) && labels.every((label) => typeof label === 'string') ? { attachments: labels as string[] } : {};
}

/** Parses exported session data; see the file comment. */
export function parseSessionData(value: unknown): ParsedSessionData {
  const problems: string[] = [];
  if (!isPlainObject(value)) return { problems: ['The saved session is not a JSON object.'] };
  if (value['version'] !== 1) return { problems: [`The saved session has an unknown version (${String(value['version'])}); expected 1.`] };

  const settings = parseSettings(value['settings'], problems);
  const items = arrayOf(value['items'], 'items', problems).flatMap((item, index) => {
    const parsed = parseItem(item, settings.provider, problems);
    if (!parsed) problems.push(`Chat item ${index + 1} was not understood and was skipped.`);
    return parsed ? [parsed] : [];
  });
  const history = arrayOf(value['history'], 'history', problems).flatMap((message, index) => {
    const parsed = parseMessage(message);
    if (!parsed) problems.push(`History message ${index + 1} was not understood and was skipped.`);
    return parsed ? [parsed] : [];
  });
  const timelines = arrayOf(value['timelines'], 'timelines', problems).flatMap((timeline) => {
    const parsed = parseTimeline(timeline);
    return parsed ? [parsed] : [];
  });
  const requests = arrayOf(value['requests'], 'requests', problems).flatMap((record) => {
    const parsed = parseRequestRecord(record, history.length, problems);
    return parsed ? [parsed] : [];
  });
  const lastTurn = Math.max(0, ...items.map((item) => ('turn' in item ? item.turn : 0)));
  const turn =
    typeof value['turn'] === 'number' && Number.isInteger(value['turn']) && value['turn'] >= 0
      ? Math.max(value['turn'], lastTurn)
      : lastTurn;

  return { data: { version: 1, settings, items, history, timelines, turn, requests }, problems };
}

function parseSettings(value: unknown, problems: string[]): Omit<ModelSettings, 'apiKey'> {
  const source = isPlainObject(value) ? value : {};
  if (!isPlainObject(value)) problems.push('The saved session has no settings; defaults were used.');
  const provider = readProvider(source['provider'], PROVIDER_IDS[0]!, 'Saved settings', problems);
  const settings: Omit<ModelSettings, 'apiKey'> = {
    provider,
    model: typeof source['model'] === 'string' ? source['model'] : '',
    baseUrl: typeof source['baseUrl'] === 'string' ? source['baseUrl'] : '',
    maxSteps: typeof source['maxSteps'] === 'number' ? source['maxSteps'] : 10,
    maxTokens: typeof source['maxTokens'] === 'number' ? source['maxTokens'] : 4096,
  };
  if (typeof source['system'] === 'string') settings.system = source['system'];
  return settings;
}

/**
 * A saved wire format id. An id the registry does not know (a format removed, a file edited by
 * hand) becomes a problem saying which format is used instead, never a silent substitute.
 */
function readProvider(value: unknown, fallback: ProviderId, where: string, problems: string[]): ProviderId {
  if (isProviderId(value)) return value;
  const used = `${PROVIDERS[fallback].label} (${fallback})`;
  problems.push(
    value === undefined
      ? `${where}: no wire format given; ${used} is used.`
      : `${where}: unknown wire format ${JSON.stringify(value)}; ${used} is used instead. Known formats: ${PROVIDER_IDS.join(', ')}.`,
  );
  return fallback;
}

function parseItem(value: unknown, settingsProvider: ProviderId, problems: string[]): ChatItem | undefined {
  if (!isPlainObject(value) || typeof value['kind'] !== 'string' || !ITEM_KINDS.has(value['kind'])) return undefined;
  if (typeof value['id'] !== 'string') return undefined;
  const at = typeof value['at'] === 'number' ? value['at'] : 0;
  const turn = typeof value['turn'] === 'number' ? value['turn'] : 0;
  switch (value['kind']) {
    case 'user':
      if (typeof value['text'] !== 'string') return undefined;
      return { kind: 'user', id: value['id'], text: value['text'], at, ...sourceOf(value), ...attachmentsOf(value) };
    case 'notice':
      return typeof value['text'] === 'string' ? { kind: 'notice', id: value['id'], turn, text: value['text'], at } : undefined;
    case 'assistant': {
      if (typeof value['text'] !== 'string') return undefined;
      const streaming = value['streaming'] === true;
      const stopReason = streaming ? 'incomplete' : typeof value['stopReason'] === 'string' ? value['stopReason'] : undefined;
      return {
        kind: 'assistant',
        id: value['id'],
        turn,
        step: typeof value['step'] === 'number' ? value['step'] : 1,
        text: value['text'],
        streaming: false,
        at,
        // Replies saved without a format were made in the session's format.
        provider:
          value['provider'] === undefined
            ? settingsProvider
            : readProvider(value['provider'], settingsProvider, `Reply ${value['id']}`, problems),
        ...(stopReason !== undefined ? { stopReason } : {}),
        ...sourceOf(value),
      };
    }
    case 'error':
      if (typeof value['title'] !== 'string' || typeof value['detail'] !== 'string') return undefined;
      return {
        kind: 'error',
        id: value['id'],
        turn,
        title: value['title'],
        detail: value['detail'],
        code: typeof value['code'] === 'string' ? value['code'] : 'internal',
        retryable: value['retryable'] === true,
        at,
        ...(typeof value['attempts'] === 'number' ? { attempts: value['attempts'] } : {}),
        ...(typeof value['status'] === 'number' ? { status: value['status'] } : {}),
        ...(typeof value['step'] === 'number' ? { step: value['step'] } : {}),
      };
    case 'tool-call':
      return parseToolCallItem(value, turn);
    default:
      return undefined;
  }
}

/** A saved tool call item (its fields copied, work in flight marked interrupted); undefined when it lacks its name or status. */
export function parseToolCallItem(value: Json, turn: number): ToolCallItem | undefined {
  if (typeof value['publicName'] !== 'string' || typeof value['status'] !== 'string' || !TOOL_STATUSES.has(value['status'])) {
    return undefined;
  }
  const item = { ...value, kind: 'tool-call', turn, step: typeof value['step'] === 'number' ? value['step'] : 1 } as ToolCallItem;
  if (item.status === 'streaming' || item.status === 'awaiting-approval' || item.status === 'running') {
    item.status = 'failed';
    item.failure = { category: 'cancelled', message: 'Interrupted: the session was saved while this call was in flight.' };
  }
  return item;
}

function parseMessage(value: unknown): NeutralMessage | undefined {
  if (!isPlainObject(value) || !Array.isArray(value['parts'])) return undefined;
  const parts = value['parts'];
  if (!parts.every(isPart)) return undefined;
  switch (value['role']) {
    case 'user':
      return { role: 'user', parts };
    case 'assistant':
      return { role: 'assistant', parts };
    case 'tool':
      return parts.every((part) => part.type === 'tool-result')
        ? { role: 'tool', parts: parts as Array<Extract<NeutralPart, { type: 'tool-result' }>> }
        : undefined;
    default:
      return undefined;
  }
}

function isPart(value: unknown): value is NeutralPart {
  if (!isPlainObject(value)) return false;
  switch (value['type']) {
    case 'text':
      return typeof value['text'] === 'string';
    case 'image':
      return typeof value['mediaType'] === 'string' && typeof value['data'] === 'string';
    case 'tool-call':
      return typeof value['toolCallId'] === 'string' && typeof value['toolName'] === 'string';
    case 'tool-result': {
      const result = value['result'];
      return (
        typeof value['toolCallId'] === 'string' &&
        typeof value['toolName'] === 'string' &&
        isPlainObject(result) &&
        Array.isArray(result['parts']) &&
        typeof result['isError'] === 'boolean'
      );
    }
    default:
      return false;
  }
}

function parseTimeline(value: unknown): TurnTimeline | undefined {
  if (!isPlainObject(value) || typeof value['turn'] !== 'number' || typeof value['startedAt'] !== 'number') return undefined;
  const spans = (Array.isArray(value['spans']) ? value['spans'] : []).filter(
    (span): span is TimelineSpan =>
      isPlainObject(span) &&
      (span['kind'] === 'model' || span['kind'] === 'tool') &&
      typeof span['label'] === 'string' &&
      typeof span['start'] === 'number' &&
      typeof span['step'] === 'number',
  );
  // A turn saved while running has no end: use its last span's end, or its start.
  const endedAt =
    typeof value['endedAt'] === 'number' ? value['endedAt'] : Math.max(value['startedAt'], ...spans.map((span) => span.end ?? span.start));
  return {
    turn: value['turn'],
    startedAt: value['startedAt'],
    endedAt,
    spans: spans.map((span) => ({ ...span, end: span.end ?? endedAt })),
  };
}

function parseRequestRecord(value: unknown, historyLength: number, problems: string[]): RequestRecord | undefined {
  if (!isPlainObject(value) || typeof value['turn'] !== 'number' || typeof value['step'] !== 'number') return undefined;
  if (typeof value['messageCount'] !== 'number' || value['messageCount'] > historyLength || !isPlainObject(value['request']))
    return undefined;
  const request = value['request'];
  if (typeof request['model'] !== 'string' || !Array.isArray(request['tools']) || typeof request['maxTokens'] !== 'number')
    return undefined;
  if (!isProviderId(value['provider'])) {
    problems.push(
      `The request of turn ${value['turn']}, step ${value['step']} names an unknown wire format ${JSON.stringify(value['provider'])}; it was dropped, so that request cannot be rebuilt in another format.`,
    );
    return undefined;
  }
  return {
    turn: value['turn'],
    step: value['step'],
    messageCount: value['messageCount'],
    provider: value['provider'],
    request: request as unknown as RequestRecord['request'],
  };
}

function arrayOf(value: unknown, name: string, problems: string[]): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== undefined) problems.push(`"${name}" is not a list; it was left empty.`);
  return [];
}
