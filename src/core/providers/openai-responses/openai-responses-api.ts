/**
 * OpenAI Responses API wire shapes (`POST {base}/v1/responses`), as far as Glassbox sends or
 * reads them. Glassbox sends `store: false` and never `previous_response_id`, so every request
 * carries the whole conversation, like the other formats. snake_case lives here and nowhere else.
 */

/** A part of a user message's content. */
export type ResponsesInputContent = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string; detail: 'auto' };

/** One item of the request's `input`. */
export type ResponsesInputItem =
  | { type: 'message'; role: 'user'; content: ResponsesInputContent[] }
  | { type: 'message'; role: 'assistant'; content: Array<{ type: 'output_text'; text: string }> }
  | ResponsesFunctionCall
  | { type: 'function_call_output'; call_id: string; output: string };

/** The model asking for a tool call; `arguments` is a JSON object as a string. */
interface ResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
}

/** A tool definition: flat, unlike Chat Completions' `{ type, function: {…} }`. */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  /** The API's default is true; Glassbox sends false, showing each server schema as published. */
  strict: boolean;
}

/** The request body. */
export interface ResponsesRequest {
  model: string;
  /** The system prompt. */
  instructions?: string;
  input: ResponsesInputItem[];
  tools?: ResponsesFunctionTool[];
  max_output_tokens: number;
  /** False: the server keeps nothing, and the next request resends the history. */
  store: false;
  stream?: true;
}

/** Every `status` a response can have. */
export const OPENAI_RESPONSES_STATUSES = ['completed', 'incomplete', 'failed', 'in_progress', 'queued', 'cancelled'] as const;

/** A documented response status. */
export type ResponsesStatus = (typeof OPENAI_RESPONSES_STATUSES)[number];
