/**
 * A small hand-written JSON Schema of an Anthropic Messages request body, for the fork editor's
 * hover, completion and checks. It names the fields Glassbox sends and the common ones a person
 * may add; other fields are allowed (the API grows faster than this file).
 */
export const anthropicRequestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Anthropic Messages request (POST /v1/messages)',
  type: 'object',
  required: ['model', 'messages', 'max_tokens'],
  properties: {
    model: { type: 'string', description: 'The model, e.g. claude-sonnet-4-5.' },
    max_tokens: { type: 'integer', minimum: 1, description: 'The most tokens the reply may have.' },
    system: {
      description: 'The system prompt: text, or a list of text blocks.',
      anyOf: [
        { type: 'string' },
        {
          type: 'array',
          items: { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string' } } },
        },
      ],
    },
    messages: {
      type: 'array',
      minItems: 1,
      description: 'The conversation: user and assistant turns, alternating, starting with the user.',
      items: {
        type: 'object',
        required: ['role', 'content'],
        properties: {
          role: { enum: ['user', 'assistant'] },
          content: {
            description: 'Text, or content blocks (text, image, tool_use, tool_result).',
            anyOf: [
              { type: 'string' },
              {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['type'],
                  properties: { type: { enum: ['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking'] } },
                },
              },
            ],
          },
        },
      },
    },
    tools: {
      type: 'array',
      description: 'The tools the model may call.',
      items: {
        type: 'object',
        required: ['name', 'input_schema'],
        properties: {
          name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
          description: { type: 'string' },
          input_schema: { type: 'object', description: 'A JSON Schema whose type is "object".' },
        },
      },
    },
    tool_choice: { type: 'object', properties: { type: { enum: ['auto', 'any', 'tool', 'none'] }, name: { type: 'string' } } },
    stream: { type: 'boolean', description: 'true: the reply arrives as Server-Sent Events.' },
    temperature: { type: 'number', minimum: 0, maximum: 1 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
    top_k: { type: 'integer', minimum: 0 },
    stop_sequences: { type: 'array', items: { type: 'string' } },
    metadata: { type: 'object' },
  },
} as const;
