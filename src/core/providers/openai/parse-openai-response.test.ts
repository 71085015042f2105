import { describe, expect, it } from 'vitest';
import { hasInvalidArguments } from '../provider';
import { readJsonFixture } from '../__fixtures__/read-fixture';
import { MalformedResponseError } from '../provider-errors';
import { parseOpenAIResponse } from './parse-openai-response';

const fixtures = new URL('./__fixtures__/', import.meta.url);

describe('parseOpenAIResponse', () => {
  it('parses parallel tool calls with their arguments, usage and finish reason', () => {
    expect(parseOpenAIResponse(readJsonFixture(fixtures, 'openai-tool-calls.json'))).toEqual({
      response: {
        id: 'chatcmpl-C9x5eToolJson',
        model: 'gpt-4.1-2025-04-14',
        parts: [
          { type: 'tool-call', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', toolName: 'weather_get_forecast', input: { city: 'Paris', days: 2 } },
          { type: 'tool-call', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', toolName: 'weather_get_forecast', input: { city: 'Oslo', days: 1 } },
        ],
        stopReason: 'tool-calls',
        rawStopReason: 'tool_calls',
        usage: { inputTokens: 210, outputTokens: 48 },
      },
      warnings: [],
    });
  });

  it('keeps arguments that are not JSON as rawArguments, flags them, and treats "stop" with calls as tool-calls', () => {
    const { response, warnings } = parseOpenAIResponse(readJsonFixture(fixtures, 'openai-bad-arguments.json'));
    const call = response.parts[0];
    expect(call).toEqual({
      type: 'tool-call',
      toolCallId: 'call_k2j4h6g8',
      toolName: 'weather_get_forecast',
      input: undefined,
      rawArguments: '{"city": "Paris", "days": ',
    });
    expect(call?.type === 'tool-call' && hasInvalidArguments(call)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^The arguments of tool call call_k2j4h6g8 \(weather_get_forecast\) are not valid JSON/);
    expect(response.stopReason).toBe('tool-calls');
    expect(response.rawStopReason).toBe('stop');
  });

  it('reads text, a refusal, object arguments and missing ids', () => {
    const { response, warnings } = parseOpenAIResponse(
      {
        choices: [
          {
            message: {
              role: 'assistant',
              content: 'Partly.',
              refusal: 'I will not do the rest.',
              tool_calls: [{ type: 'function', function: { name: 'f', arguments: { a: 1 } } }],
            },
            finish_reason: 'stop',
          },
        ],
      },
      { generateId: () => 'call_made_up' },
    );
    expect(response.parts).toEqual([
      { type: 'text', text: 'Partly.' },
      { type: 'text', text: 'I will not do the rest.' },
      { type: 'tool-call', toolCallId: 'call_made_up', toolName: 'f', input: { a: 1 } },
    ]);
    expect(response.stopReason).toBe('refusal');
    expect(warnings.map((warning) => warning.message)).toEqual(['A tool call had no id; gave it call_made_up.']);
  });

  it('throws MalformedResponseError without choices[0].message', () => {
    expect(() => parseOpenAIResponse({ choices: [] })).toThrow(MalformedResponseError);
    expect(() => parseOpenAIResponse(null)).toThrow(MalformedResponseError);
  });
});
