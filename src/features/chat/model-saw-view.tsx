import type { ModelToolResult } from '../../core/conversation';
import { countInvisible } from '../../core/guard';
import { EscapedText } from '../../ui/escaped-text';

/** Image types shown as thumbnails; anything else is described only. */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/i;
const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

/**
 * Exactly what the model was given for a tool call: its text parts as text, its image
 * parts as thumbnails, and whether it was flagged as an error.
 */
export function ModelSawView({ result }: { result: ModelToolResult | undefined }) {
  if (result === undefined) {
    return (
      <div className="model-saw" data-testid="model-saw">
        <span className="muted">Nothing yet: the model receives the result when the call ends.</span>
      </div>
    );
  }
  const invisible = result.parts.reduce((sum, part) => sum + (part.type === 'text' ? countInvisible(part.text) : 0), 0);
  return (
    <div className="model-saw" data-testid="model-saw" data-is-error={result.isError ? 'true' : 'false'}>
      <div className="model-saw-meta">
        <span className={`badge ${result.isError ? 'err' : ''}`}>isError: {String(result.isError)}</span>
        <span className="faint">
          {result.parts.length} {result.parts.length === 1 ? 'part' : 'parts'}
        </span>
        {invisible > 0 && (
          <span
            className="badge warn"
            data-testid="model-saw-invisible"
            data-count={invisible}
            title="Characters you cannot see but the model reads (tag characters, zero-width or direction-changing characters), shown below as visible escapes"
          >
            {invisible} invisible character{invisible === 1 ? '' : 's'}
          </span>
        )}
      </div>
      {result.parts.map((part, index) => {
        if (part.type === 'text') {
          return (
            <pre key={index} className="model-saw-text" data-part-type="text">
              <EscapedText text={part.text} />
            </pre>
          );
        }
        const showable = IMAGE_TYPES.test(part.mediaType) && BASE64.test(part.data);
        return (
          <div key={index} className="model-saw-image" data-part-type="image">
            <span className="faint">image · {part.mediaType}</span>
            {showable ? (
              <img
                className="model-saw-thumb"
                src={`data:${part.mediaType};base64,${part.data}`}
                alt={`Image given to the model (${part.mediaType})`}
              />
            ) : (
              <span className="muted">Not shown: unsupported or malformed image data.</span>
            )}
          </div>
        );
      })}
    </div>
  );
}
