import { useMemo, useState } from 'react';
import { downloadText } from './download';
import { JsonView } from './json-view';
import { SafeLink } from './safe-link';
import { utf8Bytes } from '../core/context';
import { base64Bytes, formatBytes, formatCount } from '../core/shared';

/** Characters of a long text drawn at first; the rest on request ("Show all") or saved to a file. */
const TEXT_SHOWN_CHARS = 100_000;

/** Media types we show as pictures and sounds; anything else is described, not rendered. */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif)$/i;
const AUDIO_TYPES = /^audio\/(wav|x-wav|wave|mpeg|mp3|ogg|webm|aac|flac|mp4)$/i;
const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

type Block = Record<string, unknown>;

/**
 * A text block that may be huge (a tool can return megabytes): the first 100,000 characters,
 * with "Show all" and "Save" when there is more, so the page stays responsive.
 */
function LongText({ text, fileName }: { text: string; fileName: string }) {
  const [all, setAll] = useState(false);
  const long = text.length > TEXT_SHOWN_CHARS;
  const size = useMemo(() => (long ? formatBytes(utf8Bytes(text)) : ''), [long, text]);
  if (!long) return <pre className="content-text">{text}</pre>;
  return (
    <div className="long-text" data-testid="long-text" data-truncated={all ? 'false' : 'true'}>
      <div className="content-label">
        {all
          ? `All ${formatCount(text.length)} characters (${size})`
          : `The first ${formatCount(TEXT_SHOWN_CHARS)} of ${formatCount(text.length)} characters (${size})`}
      </div>
      <pre className="content-text">{all ? text : text.slice(0, TEXT_SHOWN_CHARS)}</pre>
      <div className="row">
        <button type="button" className="small-button" onClick={() => setAll(!all)} data-testid="long-text-toggle">
          {all ? 'Show less' : `Show all (${size})`}
        </button>
        <button
          type="button"
          className="small-button"
          onClick={() => downloadText(fileName, text, 'text/plain;charset=utf-8')}
          data-testid="long-text-save"
        >
          Save
        </button>
      </div>
    </div>
  );
}

/**
 * An MCP tool result, rendered by content type: text, image, audio, resource links,
 * embedded resources, structuredContent and isError. All server data is rendered as text.
 */
export function ToolResultView({ result, testId }: { result: unknown; testId?: string }) {
  const r = (result && typeof result === 'object' ? result : {}) as Block;
  const content = Array.isArray(r.content) ? (r.content as unknown[]) : [];
  const isError = r.isError === true;
  return (
    <div className={`tool-result ${isError ? 'is-error' : ''}`} data-testid={testId} data-is-error={isError ? 'true' : 'false'}>
      {isError && (
        <div className="tool-result-error-label" role="alert">
          Tool error (isError: true)
        </div>
      )}
      {content.map((block, index) => (
        <ContentBlockView key={index} block={(block && typeof block === 'object' ? block : { type: 'unknown', value: block }) as Block} />
      ))}
      {content.length === 0 && r.structuredContent === undefined && <div className="muted">The result has no content.</div>}
      {r.structuredContent !== undefined && (
        <div className="content-block" data-content-type="structuredContent">
          <div className="content-label">structuredContent</div>
          <JsonView value={r.structuredContent} openDepth={3} label="structuredContent" />
        </div>
      )}
    </div>
  );
}

/** An image or audio block: its type and size, and the media itself when its type and data are sound. */
function MediaBlock({ kind, mimeType, data }: { kind: 'image' | 'audio'; mimeType: string; data: string }) {
  const ok = (kind === 'image' ? IMAGE_TYPES : AUDIO_TYPES).test(mimeType) && BASE64.test(data);
  const source = `data:${mimeType};base64,${data}`;
  let media;
  if (kind === 'image') {
    media = ok ? (
      <img className="content-image" src={source} alt={`Image from the tool (${mimeType})`} />
    ) : (
      <div className="muted">Not shown: unsupported or malformed image data.</div>
    );
  } else {
    media = ok ? (
      <audio controls src={source} aria-label={`Audio from the tool (${mimeType})`} />
    ) : (
      <div className="muted">Not played: unsupported or malformed audio data.</div>
    );
  }
  return (
    <div className="content-block" data-content-type={kind}>
      <div className="content-label">
        {kind} · {mimeType || 'no type'} · {formatBytes(base64Bytes(data))}
      </div>
      {media}
    </div>
  );
}

function ContentBlockView({ block }: { block: Block }) {
  const type = typeof block.type === 'string' ? block.type : 'unknown';
  switch (type) {
    case 'text':
      return (
        <div className="content-block" data-content-type="text">
          <LongText text={String(block.text ?? '')} fileName="tool-result.txt" />
        </div>
      );
    case 'image':
    case 'audio':
      return <MediaBlock kind={type} mimeType={String(block.mimeType ?? '')} data={String(block.data ?? '')} />;
    case 'resource_link':
      return (
        <div className="content-block" data-content-type="resource_link">
          <div className="content-label">resource link{block.mimeType ? ` · ${String(block.mimeType)}` : ''}</div>
          <div>
            {block.name ? <strong>{String(block.name)} </strong> : null}
            <SafeLink href={String(block.uri ?? '')} />
          </div>
          {block.description ? <div className="muted">{String(block.description)}</div> : null}
        </div>
      );
    case 'resource': {
      const resource = (block.resource && typeof block.resource === 'object' ? block.resource : {}) as Block;
      return (
        <div className="content-block" data-content-type="resource">
          <div className="content-label">
            embedded resource · <span className="mono">{String(resource.uri ?? '')}</span>
            {resource.mimeType ? ` · ${String(resource.mimeType)}` : ''}
          </div>
          {typeof resource.text === 'string' ? (
            <LongText text={resource.text} fileName="resource.txt" />
          ) : typeof resource.blob === 'string' ? (
            <div className="muted">binary, {formatBytes(base64Bytes(resource.blob))}</div>
          ) : (
            <div className="muted">no contents</div>
          )}
        </div>
      );
    }
    default:
      return (
        <div className="content-block" data-content-type="unknown">
          <div className="content-label">unknown content type “{type}”</div>
          <JsonView value={block} />
        </div>
      );
  }
}
