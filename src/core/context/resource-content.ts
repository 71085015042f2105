/**
 * What a resource's content is, for showing it and for giving it to the model: its kind (text,
 * JSON, image, audio, PDF, other binary), its size in bytes, and whether it is small enough to
 * render inline (a 20 MB resource is offered as a download instead of freezing the page).
 */
import { base64Bytes } from '../shared/byte-size';
import type { McpResourceContent } from '../mcp';

/** How a content item is shown. */
type ResourceContentKind = 'text' | 'json' | 'image' | 'audio' | 'pdf' | 'binary';

/** A content item's kind and size. */
export interface ResourceContentInfo {
  kind: ResourceContentKind;
  mimeType: string;
  /** Size in bytes (a blob's decoded size; a text's UTF-8 size). */
  bytes: number;
  /** False above INLINE_LIMIT_BYTES: show the size and a download, not the content. */
  inline: boolean;
}

/** Largest content rendered inline: 1 MiB. */
const INLINE_LIMIT_BYTES = 1024 * 1024;

/** The UTF-8 size of a text, counted without encoding it (a 20 MB text is not copied). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The kind of a MIME type (text when it is a text item without a telling type). */
function kindOf(mimeType: string, isText: boolean): ResourceContentKind {
  const type = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (isText || type.startsWith('text/')) return 'text';
  return 'binary';
}

/** The kind, size and inline-ness of one content item. */
export function describeContent(content: McpResourceContent): ResourceContentInfo {
  const isText = content.text !== undefined;
  const mimeType = content.mimeType ?? (isText ? 'text/plain' : 'application/octet-stream');
  const bytes = isText ? utf8Bytes(content.text ?? '') : base64Bytes(content.blob ?? '');
  return { kind: kindOf(mimeType, isText), mimeType, bytes, inline: bytes <= INLINE_LIMIT_BYTES };
}
