import { describe, expect, it } from 'vitest';
import type { NeutralResponse } from '../conversation';
import { neutralToCreateMessageResult, samplingToNeutralRequest } from './convert-sampling';
import { parseSamplingRequest } from './parse-sampling-request';
import type { SamplingRequest } from './sampling-types';

/** A parsed request (the test fails when it does not parse). */
function sampling(params: unknown): SamplingRequest {
  const result = parseSamplingRequest(params);
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
  return result.request;
}

const OPTIONS = { model: 'claude-test', stream: true };

describe('samplingToNeutralRequest', () => {
  it('carries the system prompt, the messages and maxTokens into the neutral request', () => {
    const request = sampling({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Hi' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello' } },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'This?' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
        },
      ],
      systemPrompt: 'Be brief.',
      maxTokens: 100,
    });
    expect(samplingToNeutralRequest(request, OPTIONS)).toEqual({
      request: {
        model: 'claude-test',
        system: 'Be brief.',
        messages: [
          { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', parts: [{ type: 'text', text: 'Hello' }] },
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'This?' },
              { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
            ],
          },
        ],
        tools: [],
        maxTokens: 100,
        stream: true,
      },
      warnings: [],
    });
  });

  it('turns tool use into tool calls and tool results into a tool message before the rest of the turn', () => {
    const request = sampling({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Weather?' } },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'forecast', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'c1', content: [{ type: 'text', text: 'Sunny' }] },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      maxTokens: 100,
      tools: [{ name: 'forecast', inputSchema: { type: 'object' } }],
    });
    const { request: neutral } = samplingToNeutralRequest(request, OPTIONS);
    expect(neutral.messages.slice(1)).toEqual([
      { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'forecast', input: { city: 'Paris' } }] },
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'forecast',
            result: { parts: [{ type: 'text', text: 'Sunny' }], isError: false },
          },
        ],
      },
      { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
    ]);
    expect(neutral.tools).toEqual([{ name: 'forecast', description: '', inputSchema: { type: 'object' } }]);
  });

  it('offers no tools when the server chose "none", and caps maxTokens at the person\'s ceiling', () => {
    const request = sampling({
      messages: [{ role: 'user', content: { type: 'text', text: 'x' } }],
      maxTokens: 4000,
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'none' },
    });
    const { request: neutral, warnings } = samplingToNeutralRequest(request, { ...OPTIONS, maxTokensCap: 1000 });
    expect(neutral.tools).toEqual([]);
    expect(neutral.maxTokens).toBe(1000);
    expect(warnings).toEqual([]);
  });

  it('warns about what the neutral request cannot carry, and leaves a note for audio', () => {
    const request = sampling({
      messages: [{ role: 'user', content: { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' } }],
      maxTokens: 10,
      temperature: 0.7,
      stopSequences: ['END'],
      includeContext: 'allServers',
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'required' },
    });
    const { request: neutral, warnings } = samplingToNeutralRequest(request, OPTIONS);
    expect(neutral.messages).toEqual([{ role: 'user', parts: [{ type: 'text', text: '[audio not sent: audio/wav, 12 B]' }] }]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      "temperature 0.7 is not sent; the provider's default applies.",
      'stopSequences are not sent.',
      'includeContext "allServers" is not honoured: only the server\'s own messages are sent.',
      'toolChoice "required" is not enforced: the model may answer without a tool.',
      'Audio (audio/wav, 12 B) cannot be sent to the model; a note stands in for it.',
    ]);
  });
});

/** A neutral reply with the given parts and stop reason. */
function reply(
  parts: NeutralResponse['parts'],
  stopReason: NeutralResponse['stopReason'],
  extra: Partial<NeutralResponse> = {},
): NeutralResponse {
  return { parts, stopReason, usage: {}, ...extra };
}

describe('neutralToCreateMessageResult', () => {
  it('sends a single text reply as one block, with the model and endTurn', () => {
    expect(
      neutralToCreateMessageResult(reply([{ type: 'text', text: 'Hi there' }], 'end-turn', { model: 'claude-x' }), 'fallback'),
    ).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hi there' },
      model: 'claude-x',
      stopReason: 'endTurn',
    });
  });

  it('sends text and tool calls as a list with toolUse, inputs as objects', () => {
    const result = neutralToCreateMessageResult(
      reply(
        [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { q: 'x' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'count', input: 3 },
        ],
        'tool-calls',
      ),
      'gpt-test',
    );
    expect(result).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'c1', name: 'lookup', input: { q: 'x' } },
        { type: 'tool_use', id: 'c2', name: 'count', input: { value: 3 } },
      ],
      model: 'gpt-test',
      stopReason: 'toolUse',
    });
  });

  it("maps every stop reason, keeping the provider's own where the spec has none", () => {
    const stop = (reason: NeutralResponse['stopReason'], raw?: string) =>
      neutralToCreateMessageResult(reply([{ type: 'text', text: 'x' }], reason, raw === undefined ? {} : { rawStopReason: raw }), 'm')
        .stopReason;
    expect([
      stop('max-tokens'),
      stop('stop-sequence'),
      stop('refusal', 'refusal'),
      stop('content-filter', 'content_filter'),
      stop('unknown'),
    ]).toEqual(['maxTokens', 'stopSequence', 'refusal', 'content_filter', 'unknown']);
  });

  it('sends an image reply, and an empty text block when the model said nothing', () => {
    expect(neutralToCreateMessageResult(reply([{ type: 'image', mediaType: 'image/png', data: 'AAAA' }], 'end-turn'), 'm').content).toEqual(
      {
        type: 'image',
        data: 'AAAA',
        mimeType: 'image/png',
      },
    );
    expect(neutralToCreateMessageResult(reply([{ type: 'text', text: '' }], 'max-tokens'), 'm').content).toEqual({
      type: 'text',
      text: '',
    });
  });
});
