import { describe, expect, it } from 'vitest';
import { TINY_PNG, WEATHER_CONVERSATION, WEATHER_TOOLS } from '../__fixtures__/conversations';
import { requestFor, unansweredCallMessages, unparsedArgumentsMessages, userText, wire } from '../__fixtures__/neutral-messages';
import { buildOpenAIRequest, usesMaxCompletionTokens } from './build-openai-request';

const options = { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-test' };

const request = requestFor('gpt-4.1');

describe('buildOpenAIRequest', () => {
  it('pins URL, headers and the exact body of a whole tool-using conversation', () => {
    const built = buildOpenAIRequest(WEATHER_CONVERSATION, options);
    expect(built.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(built.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
    expect(built.warnings).toEqual([]);
    // The tools as offered, field for field; the rest of the body pinned below, and every key's place.
    const { tools, ...rest } = built.body;
    expect(Object.keys(built.body)).toEqual(['model', 'messages', 'tools', 'max_tokens']);
    expect(wire(tools)).toBe(
      wire(
        WEATHER_TOOLS.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
        })),
      ),
    );
    expect(wire(rest)).toMatchInlineSnapshot(`
      "{
        "model": "test-model",
        "messages": [
          {
            "role": "system",
            "content": "You are a weather assistant."
          },
          {
            "role": "user",
            "content": "Weather in Paris and Oslo? Then chart Paris."
          },
          {
            "role": "assistant",
            "content": "Checking both cities.",
            "tool_calls": [
              {
                "id": "toolu_01Paris",
                "type": "function",
                "function": {
                  "name": "weather_get_forecast",
                  "arguments": "{\\"city\\":\\"Paris\\",\\"days\\":2}"
                }
              },
              {
                "id": "toolu_02Oslo",
                "type": "function",
                "function": {
                  "name": "weather_get_forecast",
                  "arguments": "{\\"city\\":\\"Oslo\\"}"
                }
              }
            ]
          },
          {
            "role": "tool",
            "tool_call_id": "toolu_01Paris",
            "content": "Paris: sunny, 21°C"
          },
          {
            "role": "tool",
            "tool_call_id": "toolu_02Oslo",
            "content": "Error: Unknown city: Oslo"
          },
          {
            "role": "assistant",
            "content": null,
            "tool_calls": [
              {
                "id": "toolu_03Chart",
                "type": "function",
                "function": {
                  "name": "charts_render",
                  "arguments": "{\\"city\\":\\"Paris\\"}"
                }
              }
            ]
          },
          {
            "role": "tool",
            "tool_call_id": "toolu_03Chart",
            "content": "Chart for Paris\\n[image: image/png, shown in the next user message]"
          },
          {
            "role": "user",
            "content": [
              {
                "type": "text",
                "text": "Image returned by tool charts_render (toolu_03Chart)"
              },
              {
                "type": "image_url",
                "image_url": {
                  "url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
                }
              }
            ]
          },
          {
            "role": "assistant",
            "content": "Paris is sunny; the Oslo lookup failed. Here is the chart."
          },
          {
            "role": "user",
            "content": "Thanks!"
          }
        ],
        "max_tokens": 1024
      }"
    `);
  });

  it('asks for usage in the stream, and leaves stream keys out otherwise', () => {
    const streamed = buildOpenAIRequest(request({ stream: true }), options);
    expect(streamed.body.stream).toBe(true);
    expect(streamed.body.stream_options).toEqual({ include_usage: true });
    const plain = buildOpenAIRequest(request({}), options);
    expect(Object.keys(plain.body)).toEqual(['model', 'messages', 'max_tokens']);
  });

  it('uses max_tokens, except for OpenAI reasoning models which need max_completion_tokens', () => {
    expect(buildOpenAIRequest(request({ model: 'gpt-4o-mini' }), options).body).toMatchObject({ max_tokens: 256 });
    const reasoning = buildOpenAIRequest(request({ model: 'o4-mini' }), options).body;
    expect(reasoning.max_completion_tokens).toBe(256);
    expect(reasoning).not.toHaveProperty('max_tokens');
    expect(['o1', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini'].every(usesMaxCompletionTokens)).toBe(true);
    expect(['gpt-4.1', 'gpt-4o-mini', 'llama3.1:8b', 'openai/o4-mini', 'qwen3'].some(usesMaxCompletionTokens)).toBe(false);
  });

  it('appends /chat/completions to any base (the base carries /v1), and warns about a base without a path', () => {
    expect(buildOpenAIRequest(request({}), { baseUrl: '', apiKey: 'k' }).url).toBe('https://api.openai.com/v1/chat/completions');
    expect(buildOpenAIRequest(request({}), { baseUrl: 'http://localhost:11434/v1/', apiKey: '' }).url).toBe(
      'http://localhost:11434/v1/chat/completions',
    );
    expect(buildOpenAIRequest(request({}), { baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'k' }).url).toBe(
      'https://openrouter.ai/api/v1/chat/completions',
    );
    const bare = buildOpenAIRequest(request({}), { baseUrl: 'http://localhost:1234', apiKey: '' });
    expect(bare.url).toBe('http://localhost:1234/chat/completions');
    expect(bare.warnings.map((warning) => warning.message)).toEqual([
      'The base URL "http://localhost:1234" has no path; OpenAI-compatible base URLs usually end in /v1 (e.g. http://localhost:1234/v1).',
    ]);
  });

  it('sends no authorization header when the key is empty (local servers)', () => {
    expect(buildOpenAIRequest(request({}), { baseUrl: 'http://localhost:11434/v1', apiKey: '' }).headers).toEqual({
      'content-type': 'application/json',
    });
  });

  it('sends {} for arguments that did not parse (compatible servers reject non-JSON), with a warning', () => {
    const built = buildOpenAIRequest(
      request({ messages: unparsedArgumentsMessages('call_1', 'Invalid arguments: not valid JSON') }),
      options,
    );
    expect(wire(built.body.messages)).toMatchInlineSnapshot(`
      "[
        {
          "role": "user",
          "content": "go"
        },
        {
          "role": "assistant",
          "content": null,
          "tool_calls": [
            {
              "id": "call_1",
              "type": "function",
              "function": {
                "name": "weather_get_forecast",
                "arguments": "{}"
              }
            }
          ]
        },
        {
          "role": "tool",
          "tool_call_id": "call_1",
          "content": "Error: Invalid arguments: not valid JSON"
        }
      ]"
    `);
    expect(built.warnings.map((warning) => warning.subject)).toEqual(['call_1']);
  });

  it('gathers the images of all tool results of a step into one user message after the tool messages', () => {
    const built = buildOpenAIRequest(
      request({
        messages: [
          userText('two charts'),
          {
            role: 'assistant',
            parts: [
              { type: 'tool-call', toolCallId: 'call_a', toolName: 'charts_render', input: { city: 'Paris' } },
              { type: 'tool-call', toolCallId: 'call_b', toolName: 'charts_render', input: { city: 'Oslo' } },
            ],
          },
          {
            role: 'tool',
            parts: [
              {
                type: 'tool-result',
                toolCallId: 'call_a',
                toolName: 'charts_render',
                result: { parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }], isError: false },
              },
              {
                type: 'tool-result',
                toolCallId: 'call_b',
                toolName: 'charts_render',
                result: {
                  parts: [
                    { type: 'image', mediaType: 'image/webp', data: 'BBBB' },
                    { type: 'image', mediaType: 'image/tiff', data: 'CCCC' },
                  ],
                  isError: false,
                },
              },
            ],
          },
        ],
      }),
      options,
    );
    expect(wire(built.body.messages.slice(2))).toMatchInlineSnapshot(`
      "[
        {
          "role": "tool",
          "tool_call_id": "call_a",
          "content": "[image: image/png, shown in the next user message]"
        },
        {
          "role": "tool",
          "tool_call_id": "call_b",
          "content": "[image: image/webp, shown in the next user message]\\n[image: image/tiff omitted: the model accepts only image/jpeg, image/png, image/gif, image/webp]"
        },
        {
          "role": "user",
          "content": [
            {
              "type": "text",
              "text": "Image returned by tool charts_render (call_a)"
            },
            {
              "type": "image_url",
              "image_url": {
                "url": "data:image/png;base64,AAAA"
              }
            },
            {
              "type": "text",
              "text": "Image returned by tool charts_render (call_b)"
            },
            {
              "type": "image_url",
              "image_url": {
                "url": "data:image/webp;base64,BBBB"
              }
            }
          ]
        }
      ]"
    `);
    expect(built.warnings.map((warning) => warning.message)).toEqual([
      'Replaced an image (image/tiff) with a note: unsupported media type.',
    ]);
  });

  it('sends a user message with only text as a string, and with images as parts', () => {
    const built = buildOpenAIRequest(
      request({
        messages: [
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'one' },
              { type: 'text', text: 'two' },
            ],
          },
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'look' },
              { type: 'image', mediaType: 'image/jpeg', data: TINY_PNG },
            ],
          },
        ],
      }),
      options,
    );
    expect(built.body.messages).toEqual([
      { role: 'user', content: 'one\n\ntwo' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${TINY_PNG}` } },
        ],
      },
    ]);
  });

  it('makes up an error result for a call without one ("Error: …" in the tool message)', () => {
    const built = buildOpenAIRequest(request({ messages: unansweredCallMessages('call_1') }), options);
    expect(built.body.messages).toEqual([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'clock_now', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Error: The tool call was not completed, so there is no result.' },
      { role: 'user', content: 'stop' },
    ]);
    expect(built.warnings).toHaveLength(1);
  });
});
