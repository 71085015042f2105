/** How the model-wire panel reads OpenAI Chat Completions exchanges for its one-line summaries. */
import type { ReplyFindings, StreamSummaryReader, WireSummary } from '../adapter-parts';
import {
  asNumber,
  asObject,
  asString,
  copyFindings,
  emptyFindings,
  errorMessageOf,
  NO_NAME,
  parseJson,
  readUsageInto,
  type UsageKeys,
} from '../reply-summary';

/** Where this wire keeps its token counts, cache included. */
const OPENAI_USAGE: UsageKeys = {
  input: 'prompt_tokens',
  output: 'completion_tokens',
  cacheRead: ['prompt_tokens_details', 'cached_tokens'],
  cacheReadInInput: true,
};

/** The OpenAI Chat Completions wire as the panel reads it. */
export const openAISummary: WireSummary = {
  toolCallWord: 'tool_calls',
  recognizes: (path) => /\/chat\/completions$/.test(path),
  countMessages: (body) => (Array.isArray(body['messages']) ? body['messages'].length : undefined),
  requestShape: () => ({ entriesKey: 'messages', systemKeys: [], systemRoles: ['system', 'developer'] }),
  readReply(body) {
    const findings = emptyFindings();
    const choice = asObject(Array.isArray(body['choices']) ? body['choices'][0] : undefined);
    const message = asObject(choice?.['message']);
    if (message !== undefined) {
      if (asString(message['content']) !== undefined) findings.hasText = true;
      const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
      for (const item of calls) {
        const call = asObject(item);
        if (call !== undefined) findings.toolNames.push(asString(asObject(call['function'])?.['name']) ?? NO_NAME);
      }
    }
    findings.stopReason = asString(choice?.['finish_reason']) ?? findings.stopReason;
    readUsageInto(asObject(body['usage']), OPENAI_USAGE, findings);
    return findings;
  },
  createStreamReader: createOpenAIStreamReader,
};

/** Reads the chunks of one stream; tool call fragments are joined by their `index`. */
function createOpenAIStreamReader(): StreamSummaryReader {
  const findings: ReplyFindings = emptyFindings();
  const namesByIndex = new Map<number, string>();
  return {
    read(event) {
      if (event.data.trim() === '[DONE]') return;
      const chunk = asObject(parseJson(event.data));
      if (chunk === undefined) return;
      const error = errorMessageOf(chunk);
      if (error !== undefined) findings.errorMessage = error;
      const choice = asObject(Array.isArray(chunk['choices']) ? chunk['choices'][0] : undefined);
      const delta = asObject(choice?.['delta']);
      if (delta !== undefined) {
        if (asString(delta['content']) !== undefined) findings.hasText = true;
        const calls = Array.isArray(delta['tool_calls']) ? delta['tool_calls'] : [];
        calls.forEach((item, position) => {
          const call = asObject(item);
          if (call === undefined) return;
          const index = asNumber(call['index']) ?? position;
          const name = asString(asObject(call['function'])?.['name']);
          const known = namesByIndex.get(index);
          if (name !== undefined && (known === undefined || known === NO_NAME)) namesByIndex.set(index, name);
          else if (known === undefined && asString(call['id']) !== undefined) namesByIndex.set(index, NO_NAME);
        });
      }
      findings.stopReason = asString(choice?.['finish_reason']) ?? findings.stopReason;
      readUsageInto(asObject(chunk['usage']), OPENAI_USAGE, findings);
    },
    findings: () => copyFindings(findings, [...namesByIndex.values()]),
  };
}
