import { describe, expect, it } from 'vitest';
import { mapOpenAIResponsesStatus, rawResponsesStopReason } from './map-openai-responses-status';

describe('mapOpenAIResponsesStatus', () => {
  it('maps status and incomplete reason to the neutral stop reason', () => {
    expect(mapOpenAIResponsesStatus('completed', undefined, false)).toBe('end-turn');
    expect(mapOpenAIResponsesStatus('completed', undefined, true)).toBe('tool-calls');
    expect(mapOpenAIResponsesStatus('incomplete', 'max_output_tokens', false)).toBe('max-tokens');
    expect(mapOpenAIResponsesStatus('incomplete', 'content_filter', false)).toBe('content-filter');
    expect(mapOpenAIResponsesStatus('failed', undefined, false)).toBe('unknown');
    expect(mapOpenAIResponsesStatus('someday', undefined, false)).toBe('unknown');
  });

  it('keeps the incomplete reason for display, else the status', () => {
    expect(rawResponsesStopReason('incomplete', 'max_output_tokens')).toBe('max_output_tokens');
    expect(rawResponsesStopReason('completed', undefined)).toBe('completed');
  });
});
