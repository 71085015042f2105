import { describe, expect, it } from 'vitest';
import { TINY_PNG, WEATHER_CONVERSATION, WEATHER_TOOLS } from '../__fixtures__/conversations';
import {
  requestFor,
  textResultMessage,
  toolCallMessage,
  unansweredCallMessages,
  unparsedArgumentsMessages,
  userText,
  wire,
} from '../__fixtures__/neutral-messages';
import { ANTHROPIC_VERSION, buildAnthropicRequest } from './build-anthropic-request';

const options = { baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-test' };

const request = requestFor('claude-sonnet-4-5');

describe('buildAnthropicRequest', () => {
  it('pins URL, headers and the exact body of a whole tool-using conversation', () => {
    const built = buildAnthropicRequest(WEATHER_CONVERSATION, options);
    expect(built.url).toBe('https://api.anthropic.com/v1/messages');
    expect(built.headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(built.warnings).toEqual([]);
    // The tools as offered, field for field; the rest of the body pinned below, and every key's place.
    const { tools, ...rest } = built.body;
    expect(Object.keys(built.body)).toEqual(['model', 'max_tokens', 'system', 'messages', 'tools']);
    expect(wire(tools)).toBe(
      wire(WEATHER_TOOLS.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }))),
    );
    expect(wire(rest)).toMatchInlineSnapshot(`
      "{
        "model": "test-model",
        "max_tokens": 1024,
        "system": "You are a weather assistant.",
        "messages": [
          {
            "role": "user",
            "content": [
              {
                "type": "text",
                "text": "Weather in Paris and Oslo? Then chart Paris."
              }
            ]
          },
          {
            "role": "assistant",
            "content": [
              {
                "type": "text",
                "text": "Checking both cities."
              },
              {
                "type": "tool_use",
                "id": "toolu_01Paris",
                "name": "weather_get_forecast",
                "input": {
                  "city": "Paris",
                  "days": 2
                }
              },
              {
                "type": "tool_use",
                "id": "toolu_02Oslo",
                "name": "weather_get_forecast",
                "input": {
                  "city": "Oslo"
                }
              }
            ]
          },
          {
            "role": "user",
            "content": [
              {
                "type": "tool_result",
                "tool_use_id": "toolu_01Paris",
                "content": [
                  {
                    "type": "text",
                    "text": "Paris: sunny, 21°C"
                  }
                ],
                "is_error": false
              },
              {
                "type": "tool_result",
                "tool_use_id": "toolu_02Oslo",
                "content": [
                  {
                    "type": "text",
                    "text": "Unknown city: Oslo"
                  }
                ],
                "is_error": true
              }
            ]
          },
          {
            "role": "assistant",
            "content": [
              {
                "type": "tool_use",
                "id": "toolu_03Chart",
                "name": "charts_render",
                "input": {
                  "city": "Paris"
                }
              }
            ]
          },
          {
            "role": "user",
            "content": [
              {
                "type": "tool_result",
                "tool_use_id": "toolu_03Chart",
                "content": [
                  {
                    "type": "text",
                    "text": "Chart for Paris"
                  },
                  {
                    "type": "image",
                    "source": {
                      "type": "base64",
                      "media_type": "image/png",
                      "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
                    }
                  }
                ],
                "is_error": false
              }
            ]
          },
          {
            "role": "assistant",
            "content": [
              {
                "type": "text",
                "text": "Paris is sunny; the Oslo lookup failed. Here is the chart."
              }
            ]
          },
          {
            "role": "user",
            "content": [
              {
                "type": "text",
                "text": "Thanks!"
              }
            ]
          }
        ]
      }"
    `);
  });

  it('sends stream: true only when streaming, and honours a custom version', () => {
    const streamed = buildAnthropicRequest(request({ stream: true, messages: [userText('hi')] }), {
      ...options,
      anthropicVersion: '2099-01-01',
    });
    expect(streamed.body.stream).toBe(true);
    expect(streamed.headers['anthropic-version']).toBe('2099-01-01');
    const plain = buildAnthropicRequest(request({ messages: [userText('hi')] }), options);
    expect('stream' in plain.body).toBe(false);
    expect('tools' in plain.body).toBe(false);
    expect('system' in plain.body).toBe(false);
    expect(plain.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
  });

  it('defaults an empty base URL, trims slashes and accepts a base that ends in /v1 with a warning', () => {
    expect(buildAnthropicRequest(request({}), { baseUrl: '', apiKey: 'k' }).url).toBe('https://api.anthropic.com/v1/messages');
    expect(buildAnthropicRequest(request({}), { baseUrl: 'http://127.0.0.1:4010//', apiKey: 'k' }).url).toBe(
      'http://127.0.0.1:4010/v1/messages',
    );
    const withV1 = buildAnthropicRequest(request({}), { baseUrl: 'https://proxy.example/v1', apiKey: 'k' });
    expect(withV1.url).toBe('https://proxy.example/v1/messages');
    expect(withV1.warnings.map((warning) => warning.message)).toEqual([
      'The Anthropic base URL should not end in /v1 (the path /v1/messages is added); used https://proxy.example/v1/messages.',
    ]);
  });

  it('sends no x-api-key header when the key is empty', () => {
    expect(buildAnthropicRequest(request({}), { baseUrl: '', apiKey: '' }).headers).not.toHaveProperty('x-api-key');
  });

  it('merges a tool result and the next user message into one user message, results first', () => {
    const built = buildAnthropicRequest(
      request({
        messages: [
          userText('time?'),
          toolCallMessage('toolu_1', 'clock_now', {}),
          textResultMessage('toolu_1', 'clock_now', '12:00', false),
          userText('Never mind, stop.'),
        ],
      }),
      options,
    );
    expect(wire(built.body.messages)).toMatchInlineSnapshot(`
      "[
        {
          "role": "user",
          "content": [
            {
              "type": "text",
              "text": "time?"
            }
          ]
        },
        {
          "role": "assistant",
          "content": [
            {
              "type": "tool_use",
              "id": "toolu_1",
              "name": "clock_now",
              "input": {}
            }
          ]
        },
        {
          "role": "user",
          "content": [
            {
              "type": "tool_result",
              "tool_use_id": "toolu_1",
              "content": [
                {
                  "type": "text",
                  "text": "12:00"
                }
              ],
              "is_error": false
            },
            {
              "type": "text",
              "text": "Never mind, stop."
            }
          ]
        }
      ]"
    `);
    expect(built.warnings).toEqual([]);
  });

  it('makes up an error result for a call that has none, and drops an orphan result', () => {
    const built = buildAnthropicRequest(
      request({
        messages: [
          ...unansweredCallMessages('toolu_1'),
          { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'toolu_zz', toolName: 'x', result: { parts: [], isError: false } }] },
        ],
      }),
      options,
    );
    expect(built.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'clock_now', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [{ type: 'text', text: 'The tool call was not completed, so there is no result.' }],
            is_error: true,
          },
          { type: 'text', text: 'stop' },
        ],
      },
    ]);
    expect(built.warnings.map((warning) => warning.subject)).toEqual(['toolu_1', 'toolu_zz']);
  });

  it('sends {} for a call whose arguments did not parse, and makes foreign ids safe', () => {
    const built = buildAnthropicRequest(request({ messages: unparsedArgumentsMessages('call:7/x', 'Invalid arguments') }), options);
    expect(built.body.messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call_7_x', name: 'weather_get_forecast', input: {} }],
    });
    expect(built.body.messages[2]?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'call_7_x' });
    expect(built.warnings.map((warning) => warning.message)).toEqual([
      'Tool call call:7/x (weather_get_forecast) had no valid object arguments; sent {} as its input.',
      'Tool call id "call:7/x" was sent as "call_7_x" (Anthropic allows only letters, digits, _ and -).',
    ]);
  });

  it('keeps user images, replaces unsupported ones with a note, and warns about bad tool names and schemas', () => {
    const built = buildAnthropicRequest(
      request({
        tools: [{ name: 'bad name!', description: '', inputSchema: { type: 'string' } }],
        messages: [
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', mediaType: 'image/png', data: TINY_PNG },
              { type: 'image', mediaType: 'image/svg+xml', data: 'PHN2Zy8+' },
            ],
          },
        ],
      }),
      options,
    );
    expect(built.body.tools).toEqual([{ name: 'bad name!', input_schema: { type: 'string' } }]);
    expect(built.body.messages[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG } },
      { type: 'text', text: '[image: image/svg+xml omitted: the model accepts only image/jpeg, image/png, image/gif, image/webp]' },
    ]);
    expect(built.warnings.map((warning) => warning.type)).toEqual(['unsupported', 'other', 'other']);
  });

  it('skips empty messages and drops parts that do not belong, with warnings', () => {
    const built = buildAnthropicRequest(
      request({
        messages: [
          userText('a'),
          {
            role: 'assistant',
            parts: [
              { type: 'text', text: '' },
              { type: 'image', mediaType: 'image/png', data: TINY_PNG },
            ],
          },
          userText('b'),
        ],
      }),
      options,
    );
    // The empty assistant message disappears, and the two user messages merge (roles must alternate).
    expect(built.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
    expect(built.warnings.map((warning) => warning.message)).toEqual([
      'Dropped an image part from an assistant message.',
      'Skipped an empty assistant message.',
    ]);
  });
});
