import { describe, expect, it } from 'vitest';
import { OPENAI_FINISH_REASONS } from './openai-api';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';

describe('mapOpenAIFinishReason', () => {
  it('maps every documented finish reason', () => {
    expect(Object.fromEntries(OPENAI_FINISH_REASONS.map((reason) => [reason, mapOpenAIFinishReason(reason)]))).toEqual({
      stop: 'end-turn',
      length: 'max-tokens',
      tool_calls: 'tool-calls',
      content_filter: 'content-filter',
      function_call: 'tool-calls',
    });
  });

  it('maps missing and unknown values (e.g. OpenRouter\'s "error") to unknown', () => {
    expect(mapOpenAIFinishReason(null)).toBe('unknown');
    expect(mapOpenAIFinishReason(undefined)).toBe('unknown');
    expect(mapOpenAIFinishReason('error')).toBe('unknown');
  });
});
