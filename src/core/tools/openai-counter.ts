/**
 * Counts a tool definition the way OpenAI bills it: the function is rendered into the namespace
 * text the model reads (gpt-tokenizer's `estimateTokensInFunctions`, which mirrors that rendering)
 * and tokenized with o200k_base, the encoding of current OpenAI models. This module pulls in a
 * 2 MB vocabulary, so it is only ever imported dynamically, when the bill is shown.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokensInFunctions } from 'gpt-tokenizer/functionCalling';
import type { ChatCompletionFunctionDefinition } from 'gpt-tokenizer/functionCalling';
import type { DefinitionCounter } from './tool-bill';

/** The OpenAI-style counter (Chat Completions and Responses render function tools alike). */
export const countOpenAIDefinition: DefinitionCounter = (definition) => {
  const fn = {
    name: definition.name,
    description: definition.description,
    parameters: definition.inputSchema,
  } as unknown as ChatCompletionFunctionDefinition;
  return estimateTokensInFunctions([fn], countTokens);
};
