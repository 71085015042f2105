/** How the model-wire panel reads Anthropic Messages exchanges for its one-line summaries. */
import type { ReplyFindings, StreamSummaryReader, WireSummary } from '../adapter-parts';
import type { SseEvent } from '../sse-event';
import {
  asObject,
  asString,
  copyFindings,
  emptyFindings,
  errorMessageOf,
  NO_NAME,
  parseJson,
  readUsageInto,
  type Json,
  type UsageKeys,
} from '../reply-summary';

/** Where this wire keeps its token counts, cache included. */
const ANTHROPIC_USAGE: UsageKeys = {
  input: 'input_tokens',
  output: 'output_tokens',
  cacheRead: ['cache_read_input_tokens'],
  cacheWrite: 'cache_creation_input_tokens',
  cacheReadInInput: false,
};

/** Reads a reply body (or the `message` of `message_start`) into `findings`. */
function readMessage(message: Json, findings: ReplyFindings): void {
  const content = Array.isArray(message['content']) ? message['content'] : [];
  for (const item of content) {
    const block = asObject(item);
    if (block === undefined) continue;
    if (block['type'] === 'tool_use') findings.toolNames.push(asString(block['name']) ?? NO_NAME);
    else if (block['type'] === 'text' && asString(block['text']) !== undefined) findings.hasText = true;
  }
  findings.stopReason = asString(message['stop_reason']) ?? findings.stopReason;
  readUsageInto(asObject(message['usage']), ANTHROPIC_USAGE, findings);
}

/** Reads one event of an Anthropic stream into `findings`. */
function readEvent(event: SseEvent, findings: ReplyFindings): void {
  const data = asObject(parseJson(event.data));
  if (data === undefined) return;
  switch (asString(data['type']) ?? event.event) {
    case 'message_start': {
      const message = asObject(data['message']);
      if (message !== undefined) readMessage(message, findings);
      break;
    }
    case 'content_block_start': {
      const block = asObject(data['content_block']);
      if (block?.['type'] === 'tool_use') findings.toolNames.push(asString(block['name']) ?? NO_NAME);
      else if (block?.['type'] === 'text' && asString(block['text']) !== undefined) findings.hasText = true;
      break;
    }
    case 'content_block_delta': {
      const delta = asObject(data['delta']);
      if (delta?.['type'] === 'text_delta' && asString(delta['text']) !== undefined) findings.hasText = true;
      break;
    }
    case 'message_delta':
      findings.stopReason = asString(asObject(data['delta'])?.['stop_reason']) ?? findings.stopReason;
      readUsageInto(asObject(data['usage']), ANTHROPIC_USAGE, findings);
      break;
    case 'error':
      findings.errorMessage = errorMessageOf(data) ?? 'error event';
      break;
    default:
      // ping, content_block_stop, message_stop and unknown events add nothing to the summary.
      break;
  }
}

/** The Anthropic Messages wire as the panel reads it. */
export const anthropicSummary: WireSummary = {
  toolCallWord: 'tool_use',
  recognizes: (path, headers) => /\/messages$/.test(path) || headers['anthropic-version'] !== undefined,
  countMessages: (body) => (Array.isArray(body['messages']) ? body['messages'].length : undefined),
  requestShape: () => ({ entriesKey: 'messages', systemKeys: ['system'], systemRoles: [] }),
  readReply(body) {
    const findings = emptyFindings();
    readMessage(body, findings);
    return findings;
  },
  createStreamReader(): StreamSummaryReader {
    const findings = emptyFindings();
    return { read: (event) => readEvent(event, findings), findings: () => copyFindings(findings) };
  },
};
