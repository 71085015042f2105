/** core/context: what MCP servers give the conversation besides tool results: resources attached, prompts inserted. */
export { describeContent, INLINE_LIMIT_BYTES, utf8Bytes } from './resource-content';
export type { ResourceContentInfo, ResourceContentKind } from './resource-content';
export { MAX_CONTEXT_CHARS, resourceToParts } from './resource-parts';
export { promptToMessages } from './prompt-messages';
