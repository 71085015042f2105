/** The OpenAI Chat Completions wire format. */
export { OPENAI_CORS_ADVICE, parseOpenAIError } from './openai-error';
export { openAISchemaRules } from './openai-schema-rules';
