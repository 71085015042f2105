import { describe, expect, it } from 'vitest';
import type { NeutralMessage, NeutralPart } from '../conversation';
import { MISSING_RESULT_TEXT, pairToolResults } from './pair-tool-results';

type ToolResultPart = Extract<NeutralPart, { type: 'tool-result' }>;

const ok = (toolCallId: string, text: string): ToolResultPart => ({
  type: 'tool-result',
  toolCallId,
  toolName: 't',
  result: { parts: [{ type: 'text', text }], isError: false },
});

describe('pairToolResults', () => {
  it('merges consecutive tool messages and orders results by call', () => {
    const messages: NeutralMessage[] = [
      {
        role: 'assistant',
        parts: [
          { type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} },
          { type: 'tool-call', toolCallId: 'b', toolName: 't', input: {} },
        ],
      },
      { role: 'tool', parts: [ok('b', 'B')] },
      { role: 'tool', parts: [ok('a', 'A')] },
    ];
    const { messages: out, warnings } = pairToolResults(messages);
    expect(out).toEqual([messages[0], { role: 'tool', parts: [ok('a', 'A'), ok('b', 'B')] }]);
    expect(warnings).toEqual([]);
  });

  it('makes up missing results, drops duplicates and orphans, each with a warning', () => {
    const messages: NeutralMessage[] = [
      { role: 'tool', parts: [ok('x', 'early')] },
      {
        role: 'assistant',
        parts: [
          { type: 'tool-call', toolCallId: 'a', toolName: 'clock', input: {} },
          { type: 'tool-call', toolCallId: 'b', toolName: 'clock', input: {} },
        ],
      },
      { role: 'tool', parts: [ok('a', 'A'), ok('a', 'again'), ok('zz', '?')] },
    ];
    const { messages: out, warnings } = pairToolResults(messages);
    expect(out[1]).toEqual({
      role: 'tool',
      parts: [
        ok('a', 'A'),
        {
          type: 'tool-result',
          toolCallId: 'b',
          toolName: 'clock',
          result: { parts: [{ type: 'text', text: MISSING_RESULT_TEXT }], isError: true },
        },
      ],
    });
    expect(out).toHaveLength(2);
    expect(warnings.map((warning) => warning.subject)).toEqual(['x', 'a', 'zz', 'b']);
  });

  it('leaves a history without tool calls unchanged', () => {
    const messages: NeutralMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'hello' }] },
    ];
    expect(pairToolResults(messages)).toEqual({ messages, warnings: [] });
  });
});
