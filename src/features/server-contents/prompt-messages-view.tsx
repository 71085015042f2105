import type { McpContentBlock, McpPromptMessage, McpResourceContent } from '../../core/mcp';
import { JsonView } from '../../ui/json-view';
import { ResourceContentView } from './resource-content-view';

/** One content block of a prompt message, by its type (server text rendered as text). */
function Block({ block }: { block: McpContentBlock }) {
  const b = block as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return <pre className="contents-text">{String(b.text ?? '')}</pre>;
    case 'image':
    case 'audio':
      return (
        <ResourceContentView contents={[{ uri: `prompt ${block.type}`, mimeType: String(b.mimeType ?? ''), blob: String(b.data ?? '') }]} />
      );
    case 'resource':
      return <ResourceContentView contents={[b.resource as McpResourceContent]} />;
    default:
      return <JsonView value={block} label={`${block.type} content`} />;
  }
}

/** A prompt's messages as the model will get them, one per role line. */
export function PromptMessagesView({ messages }: { messages: readonly McpPromptMessage[] }) {
  return (
    <ol className="prompt-messages" data-testid="prompt-messages" aria-label="Prompt messages">
      {messages.map((message, index) => (
        <li key={index} data-role={message.role}>
          <div className="chat-role">{message.role === 'user' ? 'User' : 'Assistant'}</div>
          <Block block={message.content} />
        </li>
      ))}
    </ol>
  );
}
