/**
 * A small hand-written JSON Schema of an OpenAI Responses request body, for the fork editor's
 * hover, completion and checks. Other fields are allowed.
 */
export const openAIResponsesRequestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenAI Responses request (POST /v1/responses)',
  type: 'object',
  required: ['model'],
  properties: {
    model: { type: 'string', description: 'The model, e.g. gpt-4.1.' },
    instructions: { type: 'string', description: 'The system prompt.' },
    input: {
      description: 'Text, or a list of input items: messages, function_call and function_call_output.',
      anyOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { enum: ['message', 'function_call', 'function_call_output', 'reasoning'] },
              role: { enum: ['user', 'assistant', 'system', 'developer'] },
              call_id: { type: 'string' },
            },
          },
        },
      ],
    },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string' },
          name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
          description: { type: 'string' },
          parameters: { type: 'object' },
          strict: { type: 'boolean' },
        },
      },
    },
    tool_choice: { anyOf: [{ enum: ['none', 'auto', 'required'] }, { type: 'object' }] },
    max_output_tokens: { type: 'integer', minimum: 1 },
    stream: { type: 'boolean' },
    store: { type: 'boolean', description: 'false: OpenAI keeps no copy of the response.' },
    previous_response_id: { type: 'string' },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;
