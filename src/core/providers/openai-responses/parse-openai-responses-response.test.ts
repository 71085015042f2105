import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../__fixtures__/read-fixture';
import { MalformedResponseError } from '../provider-errors';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response';

const fixtures = new URL('./__fixtures__/', import.meta.url);

describe('parseOpenAIResponsesResponse', () => {
  it('reads message text and function calls from output items, in order, with usage', () => {
    const { response, warnings } = parseOpenAIResponsesResponse(readJsonFixture(fixtures, 'openai-responses-tool-calls.json'));
    expect(warnings).toEqual([]);
    expect(response).toMatchObject({
      model: 'gpt-4.1',
      parts: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', toolName: 'weather_get_forecast', input: { city: 'Paris', days: 2 } },
        { type: 'tool-call', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', toolName: 'weather_get_forecast', input: { city: 'Oslo', days: 1 } },
      ],
      stopReason: 'tool-calls',
      rawStopReason: 'completed',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
  });

  it('maps an incomplete reply to its reason, keeps a refusal, and warns about bad arguments and reasoning', () => {
    const { response, warnings } = parseOpenAIResponsesResponse({
      id: 'resp_1',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', call_id: 'call_1', name: 'ping', arguments: '{"a":' },
      ],
    });
    expect(response.stopReason).toBe('max-tokens');
    expect(response.rawStopReason).toBe('max_output_tokens');
    expect(response.parts).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'ping', input: undefined, rawArguments: '{"a":' },
    ]);
    expect(warnings.map((warning) => warning.type)).toEqual(['unsupported', 'other']);
    const refused = parseOpenAIResponsesResponse({
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot help with that.' }] }],
    });
    expect(refused.response).toMatchObject({ stopReason: 'refusal', parts: [{ type: 'text', text: 'I cannot help with that.' }] });
  });

  it('refuses a body without an output array', () => {
    expect(() => parseOpenAIResponsesResponse({ choices: [] })).toThrow(MalformedResponseError);
  });
});
