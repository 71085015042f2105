/**
 * A resource as context for the model: neutral parts that each provider lays out in its own way
 * (Anthropic text and image blocks, OpenAI Chat content parts, Responses input_text and
 * input_image). Text goes in with a line naming the resource; an image as an image; anything the
 * model cannot take (audio, PDF, other binary) as a note saying what it was.
 */
import type { NeutralPart } from '../conversation';
import type { McpResourceContent } from '../mcp';
import { formatBytes } from '../shared/byte-size';
import { describeContent } from './resource-content';

/** Most characters of one text resource given to the model (about 25k tokens); the rest is cut with a note. */
export const MAX_CONTEXT_CHARS = 100_000;

/** Image types all three model wires take inline. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The neutral parts of one read resource's contents. */
export function resourceToParts(contents: readonly McpResourceContent[]): NeutralPart[] {
  return contents.flatMap((content): NeutralPart[] => {
    const info = describeContent(content);
    const heading = `Resource ${content.uri} (${info.mimeType}, ${formatBytes(info.bytes)})`;
    if (content.text !== undefined) {
      const cut = content.text.length > MAX_CONTEXT_CHARS;
      const text = cut
        ? `${content.text.slice(0, MAX_CONTEXT_CHARS)}\n[… cut: only the first ${MAX_CONTEXT_CHARS} of ${content.text.length} characters are given]`
        : content.text;
      return [{ type: 'text', text: `${heading}:\n${text}` }];
    }
    if (info.kind === 'image' && MODEL_IMAGE_TYPES.has(info.mimeType) && content.blob !== undefined) {
      return [
        { type: 'text', text: `${heading}:` },
        { type: 'image', mediaType: info.mimeType, data: content.blob },
      ];
    }
    return [
      {
        type: 'text',
        text: `${heading}: binary content not given to the model (it cannot read ${info.kind === 'binary' ? 'this type' : info.kind} here).`,
      },
    ];
  });
}
