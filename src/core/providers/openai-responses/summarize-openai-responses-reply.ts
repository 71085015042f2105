/** How the model-wire panel reads OpenAI Responses exchanges for its one-line summaries. */
import type { ReplyFindings, StreamSummaryReader, WireSummary } from '../adapter-parts';
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
import { rawResponsesStopReason } from './map-openai-responses-status';

/** Where this wire keeps its token counts, cache included. */
const RESPONSES_USAGE: UsageKeys = {
  input: 'input_tokens',
  output: 'output_tokens',
  cacheRead: ['input_tokens_details', 'cached_tokens'],
  cacheReadInInput: true,
};

/** Reads a response object's status and usage (the body, or the `response` of an end event). */
function readStatus(response: Json, findings: ReplyFindings): void {
  const reason = asString(asObject(response['incomplete_details'])?.['reason']);
  findings.stopReason = rawResponsesStopReason(asString(response['status']), reason) ?? findings.stopReason;
  readUsageInto(asObject(response['usage']), RESPONSES_USAGE, findings);
  const error = asObject(response['error']);
  if (error !== undefined) findings.errorMessage = asString(error['message']) ?? 'error';
}

/** Reads one output item: a function call's name, or whether a message carried text. */
function readItem(item: Json, findings: ReplyFindings): void {
  if (item['type'] === 'function_call') findings.toolNames.push(asString(item['name']) ?? NO_NAME);
  if (item['type'] !== 'message') return;
  for (const content of Array.isArray(item['content']) ? item['content'] : []) {
    const part = asObject(content);
    if (asString(part?.['text']) !== undefined || asString(part?.['refusal']) !== undefined) findings.hasText = true;
  }
}

/** The OpenAI Responses wire as the panel reads it. */
export const openAIResponsesSummary: WireSummary = {
  toolCallWord: 'function_call',
  recognizes: (path) => /\/responses$/.test(path),
  countMessages: (body) => (Array.isArray(body['input']) ? body['input'].length : typeof body['input'] === 'string' ? 1 : undefined),
  requestShape: () => ({ entriesKey: 'input', systemKeys: ['instructions'], systemRoles: ['system', 'developer'] }),
  readReply(body) {
    const findings = emptyFindings();
    for (const item of Array.isArray(body['output']) ? body['output'] : []) {
      const object = asObject(item);
      if (object !== undefined) readItem(object, findings);
    }
    readStatus(body, findings);
    return findings;
  },
  createStreamReader(): StreamSummaryReader {
    const findings = emptyFindings();
    return {
      read(event) {
        const data = asObject(parseJson(event.data));
        if (data === undefined) return;
        switch (asString(data['type']) ?? event.event) {
          case 'response.output_item.added': {
            const item = asObject(data['item']);
            if (item?.['type'] === 'function_call') findings.toolNames.push(asString(item['name']) ?? NO_NAME);
            break;
          }
          case 'response.output_text.delta':
          case 'response.refusal.delta':
            if (asString(data['delta']) !== undefined) findings.hasText = true;
            break;
          case 'response.completed':
          case 'response.incomplete':
          case 'response.failed': {
            const response = asObject(data['response']);
            if (response !== undefined) readStatus(response, findings);
            break;
          }
          case 'error':
            findings.errorMessage = asString(data['message']) ?? errorMessageOf(data) ?? 'error event';
            break;
          default:
            break;
        }
      },
      findings: () => copyFindings(findings),
    };
  },
};
