import { describe, expect, it } from 'vitest';
import { ANTHROPIC_STOP_REASONS } from './anthropic-api';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';

describe('mapAnthropicStopReason', () => {
  it('maps every documented stop reason', () => {
    expect(Object.fromEntries(ANTHROPIC_STOP_REASONS.map((reason) => [reason, mapAnthropicStopReason(reason)]))).toEqual({
      end_turn: 'end-turn',
      max_tokens: 'max-tokens',
      stop_sequence: 'stop-sequence',
      tool_use: 'tool-calls',
      pause_turn: 'pause',
      refusal: 'refusal',
      model_context_window_exceeded: 'context-window',
    });
  });

  it('maps missing and unknown values to unknown', () => {
    expect(mapAnthropicStopReason(null)).toBe('unknown');
    expect(mapAnthropicStopReason(undefined)).toBe('unknown');
    expect(mapAnthropicStopReason('toString')).toBe('unknown');
  });
});
