/**
 * The JSON Schema of each wire format's request body (each written in its own folder), for
 * editors that let the person change a body: hover, completion and checks of the known fields.
 */
import { anthropicRequestSchema } from './anthropic/anthropic-request-schema';
import { openAIResponsesRequestSchema } from './openai-responses/openai-responses-request-schema';
import { openAIRequestSchema } from './openai/openai-request-schema';
import type { ProviderId } from './registry';

/** Request body schemas by wire format (the demo borrows the others' wires and has none of its own). */
export const REQUEST_SCHEMAS: Readonly<Partial<Record<ProviderId, object>>> = {
  anthropic: anthropicRequestSchema,
  openai: openAIRequestSchema,
  'openai-responses': openAIResponsesRequestSchema,
};
