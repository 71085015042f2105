/**
 * A small hand-written JSON Schema of an OpenAI Chat Completions request body, for the fork
 * editor's hover, completion and checks. Other fields are allowed.
 */
export const openAIRequestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenAI Chat Completions request (POST /v1/chat/completions)',
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: { type: 'string', description: 'The model, e.g. gpt-4.1.' },
    messages: {
      type: 'array',
      minItems: 1,
      description: 'The conversation; the system prompt is a system (or developer) message.',
      items: {
        type: 'object',
        required: ['role'],
        properties: {
          role: { enum: ['system', 'developer', 'user', 'assistant', 'tool'] },
          content: {
            description: 'Text, content parts, or null (an assistant message with tool_calls).',
            anyOf: [{ type: 'string' }, { type: 'array' }, { type: 'null' }],
          },
          tool_calls: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'type', 'function'],
              properties: {
                id: { type: 'string' },
                type: { const: 'function' },
                function: {
                  type: 'object',
                  required: ['name', 'arguments'],
                  properties: { name: { type: 'string' }, arguments: { type: 'string', description: 'The arguments as a JSON string.' } },
                },
              },
            },
          },
          tool_call_id: { type: 'string', description: 'On a tool message: the id of the call it answers.' },
          name: { type: 'string' },
        },
      },
    },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'function'],
        properties: {
          type: { const: 'function' },
          function: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
              description: { type: 'string' },
              parameters: { type: 'object' },
              strict: { type: 'boolean' },
            },
          },
        },
      },
    },
    tool_choice: { anyOf: [{ enum: ['none', 'auto', 'required'] }, { type: 'object' }] },
    parallel_tool_calls: { type: 'boolean' },
    max_tokens: { type: 'integer', minimum: 1, description: 'Older name of max_completion_tokens.' },
    max_completion_tokens: { type: 'integer', minimum: 1 },
    stream: { type: 'boolean' },
    stream_options: {
      type: 'object',
      properties: { include_usage: { type: 'boolean', description: 'true: the last chunk carries usage.' } },
    },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
    stop: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  },
} as const;
