/** core/context: what MCP servers give the conversation besides tool results: resources attached, prompts inserted. */
export { describeContent, utf8Bytes } from './resource-content';
export { MAX_CONTEXT_CHARS, resourceToParts } from './resource-parts';
export { promptToMessages } from './prompt-messages';
