import { describe, expect, it } from 'vitest';
import { readJsonFixture, readSseFixture } from '../__fixtures__/read-fixture';
import { openAIResponsesSummary } from './summarize-openai-responses-reply';

const fixtures = new URL('./__fixtures__/', import.meta.url);

describe('openAIResponsesSummary', () => {
  it('reads function calls, text, status and usage from a JSON reply', () => {
    const findings = openAIResponsesSummary.readReply(
      readJsonFixture(fixtures, 'openai-responses-tool-calls.json') as Record<string, unknown>,
    );
    expect(findings).toMatchObject({ toolNames: ['weather_get_forecast', 'weather_get_forecast'], hasText: true, stopReason: 'completed' });
    expect(findings.usage.input).toBeGreaterThan(0);
  });

  it('reads a stream as it grows, and an error event', () => {
    const reader = openAIResponsesSummary.createStreamReader();
    const events = readSseFixture(fixtures, 'openai-responses-tool-calls.sse');
    for (const event of events.slice(0, 10)) reader.read(event);
    expect(reader.findings()).toMatchObject({ toolNames: ['weather_get_forecast'], hasText: true });
    expect(reader.findings().stopReason).toBeUndefined();
    for (const event of events.slice(10)) reader.read(event);
    expect(reader.findings()).toMatchObject({ toolNames: ['weather_get_forecast', 'weather_get_forecast'], stopReason: 'completed' });
    const failing = openAIResponsesSummary.createStreamReader();
    for (const event of readSseFixture(fixtures, 'openai-responses-error.sse')) failing.read(event);
    expect(failing.findings().errorMessage).toBe('Scripted stream error: server_error');
  });

  it('recognises /v1/responses and counts input items', () => {
    expect(openAIResponsesSummary.recognizes('/v1/responses', {})).toBe(true);
    expect(openAIResponsesSummary.recognizes('/v1/chat/completions', {})).toBe(false);
    expect(openAIResponsesSummary.countMessages({ input: [{}, {}, {}] })).toBe(3);
  });
});
