/** Fixed neutral conversations the request-builder tests of both providers render. */
import type { NeutralRequest, NeutralToolDefinition } from '../../conversation';

/** A 1×1 transparent PNG, base64. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The tools offered in the weather conversation. */
export const WEATHER_TOOLS: NeutralToolDefinition[] = [
  {
    name: 'weather_get_forecast',
    description: 'Get the forecast for a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
      required: ['city'],
    },
  },
  {
    name: 'charts_render',
    description: 'Render a temperature chart as a PNG.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

/**
 * A whole tool-using conversation: system prompt, tools, parallel tool calls with an ok and an
 * error result, a tool that returns an image, and a final answer followed by a new question.
 * The ids look like Anthropic's, as if the conversation began there.
 */
export const WEATHER_CONVERSATION: NeutralRequest = {
  model: 'test-model',
  system: 'You are a weather assistant.',
  tools: WEATHER_TOOLS,
  maxTokens: 1024,
  stream: false,
  messages: [
    { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris and Oslo? Then chart Paris.' }] },
    {
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Checking both cities.' },
        { type: 'tool-call', toolCallId: 'toolu_01Paris', toolName: 'weather_get_forecast', input: { city: 'Paris', days: 2 } },
        { type: 'tool-call', toolCallId: 'toolu_02Oslo', toolName: 'weather_get_forecast', input: { city: 'Oslo' } },
      ],
    },
    {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_01Paris',
          toolName: 'weather_get_forecast',
          result: { parts: [{ type: 'text', text: 'Paris: sunny, 21°C' }], isError: false },
        },
        {
          type: 'tool-result',
          toolCallId: 'toolu_02Oslo',
          toolName: 'weather_get_forecast',
          result: { parts: [{ type: 'text', text: 'Unknown city: Oslo' }], isError: true },
        },
      ],
    },
    {
      role: 'assistant',
      parts: [{ type: 'tool-call', toolCallId: 'toolu_03Chart', toolName: 'charts_render', input: { city: 'Paris' } }],
    },
    {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_03Chart',
          toolName: 'charts_render',
          result: {
            parts: [
              { type: 'text', text: 'Chart for Paris' },
              { type: 'image', mediaType: 'image/png', data: TINY_PNG },
            ],
            isError: false,
          },
        },
      ],
    },
    { role: 'assistant', parts: [{ type: 'text', text: 'Paris is sunny; the Oslo lookup failed. Here is the chart.' }] },
    { role: 'user', parts: [{ type: 'text', text: 'Thanks!' }] },
  ],
};
