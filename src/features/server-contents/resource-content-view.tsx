import { describeContent } from '../../core/context';
import { formatBytes } from '../../core/shared';
import type { McpResourceContent } from '../../core/mcp';
import { JsonView } from '../../ui/json-view';
import { downloadContent, fileNameOf } from './download-blob';

/** JSON text parsed for the tree view, or undefined when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** One content item shown by its kind; too large ones only by size, with a download. */
function ContentItem({ content }: { content: McpResourceContent }) {
  const info = describeContent(content);
  const download = (
    <button
      type="button"
      className="link-button small"
      data-testid="resource-download"
      onClick={() => downloadContent(fileNameOf(content.uri), content, info.mimeType)}
    >
      Download ({formatBytes(info.bytes)}, {info.mimeType})
    </button>
  );
  const head = (
    <div className="faint mono contents-head">
      {content.uri} · {info.mimeType} · {formatBytes(info.bytes)}
    </div>
  );
  if (!info.inline) {
    return (
      <div data-kind="too-large" data-bytes={info.bytes}>
        {head}
        <div className="warn-box">Too large to show here ({formatBytes(info.bytes)}): download it to look inside.</div>
        {download}
      </div>
    );
  }
  const data = `data:${info.mimeType};base64,${content.blob ?? ''}`;
  switch (info.kind) {
    case 'json': {
      const parsed = content.text !== undefined ? parseJson(content.text) : undefined;
      return (
        <div data-kind="json">
          {head}
          {parsed ? (
            <JsonView value={parsed.value} openDepth={3} label={`Contents of ${content.uri}`} />
          ) : (
            <pre className="contents-text">{content.text}</pre>
          )}
        </div>
      );
    }
    case 'text':
      return (
        <div data-kind="text">
          {head}
          {content.text !== undefined ? (
            <pre className="contents-text mono">{content.text}</pre>
          ) : (
            <pre className="contents-text mono">{safeDecode(content.blob ?? '')}</pre>
          )}
        </div>
      );
    case 'image':
      return (
        <div data-kind="image">
          {head}
          <img className="contents-image" src={data} alt={`Image resource ${content.uri}`} />
        </div>
      );
    case 'audio':
      return (
        <div data-kind="audio">
          {head}
          <audio controls src={data} aria-label={`Audio resource ${content.uri}`} />
        </div>
      );
    case 'pdf':
    case 'binary':
      return (
        <div data-kind={info.kind}>
          {head}
          {download}
        </div>
      );
    default: {
      const unknown: never = info.kind;
      throw new Error(`Unknown content kind: ${String(unknown)}`);
    }
  }
}

/** A text blob decoded as UTF-8 (a blob labelled text/*), or a note when it is not. */
function safeDecode(base64: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
  } catch {
    return '[not valid base64]';
  }
}

/** The contents of a read resource, each item by its type. */
export function ResourceContentView({ contents }: { contents: readonly McpResourceContent[] }) {
  if (contents.length === 0) return <div className="muted">The server returned no contents.</div>;
  return (
    <div className="resource-contents">
      {contents.map((content, index) => (
        <ContentItem key={`${content.uri}#${index}`} content={content} />
      ))}
    </div>
  );
}
