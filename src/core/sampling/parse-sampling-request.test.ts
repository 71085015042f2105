import { describe, expect, it } from 'vitest';
import { parseSamplingRequest } from './parse-sampling-request';
import { SamplingRequestError } from './sampling-error';

/** The request the official everything server's `trigger-sampling-request` sends. */
const EVERYTHING_PARAMS = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: Say hi' } }],
  systemPrompt: 'You are a helpful test server.',
  maxTokens: 100,
  temperature: 0.7,
};

/** The [path, code] pairs of the problems of `params`. */
function problems(params: unknown): Array<[string, string]> {
  const result = parseSamplingRequest(params);
  if (result.ok) return [];
  expect(result.problems.every((problem) => problem instanceof SamplingRequestError)).toBe(true);
  return result.problems.map((problem) => [problem.path, problem.code]);
}

describe('parseSamplingRequest', () => {
  it("reads the everything server's request", () => {
    expect(parseSamplingRequest(EVERYTHING_PARAMS)).toEqual({
      ok: true,
      request: {
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Resource trigger-sampling-request context: Say hi' }] }],
        systemPrompt: 'You are a helpful test server.',
        maxTokens: 100,
        temperature: 0.7,
        tools: [],
      },
    });
  });

  it('reads media, tools, tool use and results, preferences and the tool choice', () => {
    const result = parseSamplingRequest({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          ],
        },
        { role: 'assistant', content: { type: 'tool_use', id: 'call-1', name: 'lookup', input: { q: 'x' } } },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call-1', content: [{ type: 'text', text: 'found' }] }] },
      ],
      maxTokens: 50,
      includeContext: 'thisServer',
      stopSequences: ['END'],
      modelPreferences: { hints: [{ name: 'claude' }, { nope: 1 }], speedPriority: 0.8 },
      tools: [{ name: 'lookup', description: 'Looks up', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }],
      toolChoice: {},
    });
    if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
    expect(result.request.messages.map((message) => message.content.map((block) => block.type))).toEqual([
      ['text', 'image', 'audio'],
      ['tool-use'],
      ['tool-result'],
    ]);
    expect(result.request.messages[2]?.content[0]).toEqual({
      type: 'tool-result',
      toolUseId: 'call-1',
      content: [{ type: 'text', text: 'found' }],
      isError: false,
    });
    expect(result.request.modelPreferences).toEqual({ hints: ['claude'], speedPriority: 0.8 });
    expect(result.request.tools).toEqual([
      { name: 'lookup', description: 'Looks up', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    ]);
    expect(result.request).toMatchObject({ toolChoice: 'auto', includeContext: 'thisServer', stopSequences: ['END'] });
  });

  it('names every problem of a malformed request with its place', () => {
    expect(
      problems({
        messages: [
          { role: 'system', content: { type: 'text', text: 'x' } },
          {
            role: 'user',
            content: [
              { type: 'text', text: 5 },
              { type: 'video', data: '' },
              { type: 'image', data: 'not base64!', mimeType: 'image/png' },
            ],
          },
          { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'image/png' } },
          { role: 'user', content: [] },
        ],
        maxTokens: 0,
        systemPrompt: 7,
        temperature: 'hot',
        stopSequences: [1],
        includeContext: 'everything',
        modelPreferences: { costPriority: 2 },
        tools: [{ name: '' }, { name: 'ok', inputSchema: { type: 'string' } }],
        toolChoice: { mode: 'always' },
      }),
    ).toEqual([
      ['messages[0]', 'message-invalid'],
      ['messages[1].content[0]', 'content-invalid'],
      ['messages[1].content[1]', 'content-unknown-type'],
      ['messages[1].content[2]', 'content-invalid'],
      ['messages[2].content', 'content-invalid'],
      ['messages[3]', 'message-invalid'],
      ['maxTokens', 'max-tokens-invalid'],
      ['systemPrompt', 'field-invalid'],
      ['temperature', 'field-invalid'],
      ['stopSequences', 'field-invalid'],
      ['includeContext', 'field-invalid'],
      ['toolChoice', 'tool-choice-invalid'],
      ['tools[0]', 'tool-invalid'],
      ['tools[1]', 'tool-invalid'],
      ['modelPreferences.costPriority', 'field-invalid'],
    ]);
  });

  it('refuses a tool result that answers no earlier tool use', () => {
    expect(
      problems({ messages: [{ role: 'user', content: { type: 'tool_result', toolUseId: 'ghost', content: [] } }], maxTokens: 10 }),
    ).toEqual([['messages[0]', 'tool-result-unmatched']]);
  });

  it('refuses params that are missing or hold no messages, with a readable message', () => {
    expect(problems(undefined)).toEqual([['', 'params-not-object']]);
    expect(problems({ maxTokens: 10 })).toEqual([['messages', 'messages-missing']]);
    const result = parseSamplingRequest({ messages: [], maxTokens: 1.5 });
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([
      'messages: there must be at least one message',
      'maxTokens: maxTokens must be a whole number of at least 1',
    ]);
  });
});
