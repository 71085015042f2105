import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../__fixtures__/read-fixture';
import { MalformedResponseError } from '../provider-errors';
import { parseAnthropicResponse } from './parse-anthropic-response';

const fixtures = new URL('./__fixtures__/', import.meta.url);

describe('parseAnthropicResponse', () => {
  it('parses text and tool_use blocks in order, with usage and stop reason', () => {
    expect(parseAnthropicResponse(readJsonFixture(fixtures, 'anthropic-tool-use.json'))).toEqual({
      response: {
        id: 'msg_01Aq9w938a90dw8q',
        model: 'claude-sonnet-4-5-20250929',
        parts: [
          { type: 'text', text: "I'll check the forecast for Paris." },
          {
            type: 'tool-call',
            toolCallId: 'toolu_01A09q90qw90lq917835lq9',
            toolName: 'weather_get_forecast',
            input: { city: 'Paris', days: 2 },
          },
        ],
        stopReason: 'tool-calls',
        rawStopReason: 'tool_use',
        usage: { inputTokens: 384, outputTokens: 67 },
      },
      warnings: [],
    });
  });

  it('skips block kinds it does not keep, with a warning, and keeps an unknown stop reason raw', () => {
    const { response, warnings } = parseAnthropicResponse({
      id: 'msg_1',
      content: [
        { type: 'thinking', thinking: '…', signature: 'x' },
        { type: 'text', text: 'Done.' },
      ],
      stop_reason: 'brand_new_reason',
      usage: {},
    });
    expect(response.parts).toEqual([{ type: 'text', text: 'Done.' }]);
    expect(response.stopReason).toBe('unknown');
    expect(response.rawStopReason).toBe('brand_new_reason');
    expect(response.usage).toEqual({});
    expect(warnings).toEqual([{ type: 'unsupported', message: 'Skipped a "thinking" content block: Glassbox does not keep this kind.' }]);
  });

  it('throws MalformedResponseError for a body that is not a message', () => {
    expect(() => parseAnthropicResponse({ hello: 'world' })).toThrow(MalformedResponseError);
    expect(() => parseAnthropicResponse('<html>')).toThrow(/no content array/);
  });
});
