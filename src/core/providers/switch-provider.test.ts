/**
 * A mid-chat switch: the same neutral history, with tool calls, must render as a valid request
 * in both wire formats. The checks below are the structural rules each API enforces.
 */
import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../conversation';
import { WEATHER_CONVERSATION } from './__fixtures__/conversations';
import type { AnthropicMessage } from './anthropic/anthropic-api';
import type { OpenAIChatMessage } from './openai/openai-api';
import { toolCallsCompletion } from './openai/__fixtures__/openai-replies';
import { PROVIDERS } from './index';
import { anthropicProvider } from './anthropic/anthropic-provider';
import { openAIProvider } from './openai/openai-provider';
import { parseOpenAIResponse } from './openai/parse-openai-response';

/** Anthropic: starts with user, roles alternate, each tool_use answered first thing in the next message. */
function anthropicProblems(messages: AnthropicMessage[]): string[] {
  const problems: string[] = [];
  if (messages[0]?.role !== 'user') problems.push('first message is not from the user');
  messages.forEach((message, index) => {
    if (index > 0 && messages[index - 1]!.role === message.role) problems.push(`two ${message.role} messages in a row at ${index}`);
    if (message.content.length === 0) problems.push(`empty message at ${index}`);
    for (const block of message.content) {
      if (block.type === 'text' && block.text === '') problems.push(`empty text block at ${index}`);
    }
    if (message.role !== 'assistant') return;
    const calls = message.content.filter((block) => block.type === 'tool_use').map((block) => block.id);
    if (calls.length === 0) return;
    const next = messages[index + 1];
    const results = next?.role === 'user' ? next.content.filter((block) => block.type === 'tool_result') : [];
    const leading = next?.role === 'user' ? next.content.slice(0, results.length) : [];
    if (leading.some((block) => block.type !== 'tool_result')) problems.push(`tool results do not come first at ${index + 1}`);
    const answered = results.map((block) => (block.type === 'tool_result' ? block.tool_use_id : ''));
    if ([...calls].sort().join() !== [...answered].sort().join()) problems.push(`calls ${calls} answered by ${answered}`);
    for (const id of calls) if (!/^[a-zA-Z0-9_-]+$/.test(id)) problems.push(`bad tool_use id ${id}`);
  });
  return problems;
}

/** OpenAI: each assistant tool_calls message is followed by one tool message per call, before anything else. */
function openAIProblems(messages: OpenAIChatMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      // A tool message must answer a call of the nearest assistant message before it.
      const owner = messages
        .slice(0, index)
        .reverse()
        .find((earlier) => earlier.role === 'assistant');
      const ids = owner?.role === 'assistant' ? (owner.tool_calls ?? []).map((call) => call.id) : [];
      if (!ids.includes(message.tool_call_id)) problems.push(`tool message ${message.tool_call_id} answers no call`);
      if (typeof message.content !== 'string') problems.push(`tool message ${index} is not text`);
    }
    if (message.role !== 'assistant' || !message.tool_calls) return;
    const following: string[] = [];
    for (let next = index + 1; messages[next]?.role === 'tool'; next += 1) {
      const tool = messages[next];
      if (tool?.role === 'tool') following.push(tool.tool_call_id);
    }
    const calls = message.tool_calls.map((call) => call.id);
    if ([...calls].sort().join() !== [...following].sort().join()) problems.push(`calls ${calls} answered by ${following}`);
    for (const call of message.tool_calls) {
      try {
        JSON.parse(call.function.arguments);
      } catch {
        problems.push(`arguments of ${call.id} are not JSON`);
      }
    }
  });
  return problems;
}

const options = { baseUrl: '', apiKey: 'key' };

describe('switching provider in the middle of a chat', () => {
  it('renders the same history with tool calls validly in both formats', () => {
    const anthropic = anthropicProvider.buildRequest(WEATHER_CONVERSATION, options);
    const openai = openAIProvider.buildRequest(WEATHER_CONVERSATION, options);
    expect(anthropicProblems(anthropic.body.messages)).toEqual([]);
    expect(openAIProblems(openai.body.messages)).toEqual([]);
    expect(anthropic.warnings).toEqual([]);
    expect(openai.warnings).toEqual([]);
  });

  it('continues an OpenAI-started chat on Anthropic: parsed OpenAI tool calls become valid tool_use blocks', () => {
    const { response } = parseOpenAIResponse(
      toolCallsCompletion(
        [
          { id: 'call_A1', name: 'weather_get_forecast', arguments: '{"city":"Paris"}' },
          { id: 'call_B2', name: 'weather_get_forecast', arguments: '{"city":' },
        ],
        { id: 'chatcmpl-1', model: 'gpt-4.1' },
      ),
    );
    const history: NeutralRequest = {
      ...WEATHER_CONVERSATION,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Paris?' }] },
        { role: 'assistant', parts: response.parts },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              toolCallId: 'call_A1',
              toolName: 'weather_get_forecast',
              result: { parts: [{ type: 'text', text: 'sunny' }], isError: false },
            },
            {
              type: 'tool-result',
              toolCallId: 'call_B2',
              toolName: 'weather_get_forecast',
              result: { parts: [{ type: 'text', text: 'Invalid arguments' }], isError: true },
            },
          ],
        },
      ],
    };
    const anthropic = PROVIDERS.anthropic.buildRequest(history, options);
    expect(anthropicProblems((anthropic.body as { messages: AnthropicMessage[] }).messages)).toEqual([]);
    // The unparseable call still renders (as {}), with a warning saying so.
    expect(anthropic.warnings.map((warning) => warning.subject)).toEqual(['call_B2']);
    const openai = PROVIDERS.openai.buildRequest(history, options);
    const openaiMessages = (openai.body as { messages: OpenAIChatMessage[] }).messages;
    expect(openAIProblems(openaiMessages)).toEqual([]);
    expect(openai.warnings.map((warning) => warning.subject)).toEqual(['call_B2']);
  });
});
