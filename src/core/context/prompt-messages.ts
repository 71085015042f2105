/**
 * A prompt's messages (prompts/get) as neutral messages for the conversation: text as text,
 * images as images, an embedded resource as that resource's parts, a resource link and audio as
 * notes. Consecutive messages of one role stay separate messages, as the server sent them.
 */
import type { NeutralMessage, NeutralPart } from '../conversation';
import type { McpContentBlock, McpPromptMessage, McpResourceContent } from '../mcp';
import { resourceToParts } from './resource-parts';

/** The neutral parts of one prompt content block. */
function blockToParts(block: McpContentBlock): NeutralPart[] {
  const b = block as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return typeof b.text === 'string' ? [{ type: 'text', text: b.text }] : [];
    case 'image': {
      // The heading line is for resources; an image in a prompt stands alone (or as its note).
      const parts = resourceToParts([{ uri: 'prompt image', mimeType: String(b.mimeType ?? 'image/png'), blob: String(b.data ?? '') }]);
      return parts.length > 1 ? parts.slice(1) : parts;
    }
    case 'resource':
      return typeof b.resource === 'object' && b.resource !== null ? resourceToParts([b.resource as McpResourceContent]) : [];
    case 'resource_link':
      return [{ type: 'text', text: `Linked resource: ${String(b.uri)}${typeof b.name === 'string' ? ` (${b.name})` : ''}` }];
    default:
      return [{ type: 'text', text: `[${block.type} content, not given to the model]` }];
  }
}

/** The prompt's messages, each with its role; a message with nothing usable is left out. */
export function promptToMessages(messages: readonly McpPromptMessage[]): NeutralMessage[] {
  return messages.flatMap((message): NeutralMessage[] => {
    const parts = blockToParts(message.content);
    if (parts.length === 0) return [];
    if (message.role === 'assistant') return [{ role: 'assistant', parts: parts.filter((part) => part.type === 'text') }];
    return [{ role: 'user', parts }];
  });
}
