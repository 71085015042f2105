/**
 * Projects an MCP `tools/call` result onto what the model receives: text and images, in order,
 * with a short bracketed note for everything that is not sent (audio, binary resources, unknown
 * block types), so nothing disappears silently. The person always sees the full result in the
 * trace; the model gets at most `maxTextChars` characters of text. Server data is untrusted:
 * any shape is accepted and nothing here throws.
 */
import { base64Bytes, formatBytes } from '../shared/byte-size';
import type { ModelToolResult } from '../conversation';
import { formatCount } from '../shared/format';
import { isPlainObject, jsonEqual } from '../shared/json';

/** Options for projectToolResult. */
export interface ProjectToolResultOptions {
  /** Most characters of text the model receives, over all blocks. Default is 20000. */
  maxTextChars?: number;
}

/** The projection: the model's view, whether text was cut, and a one-line description for the UI. */
export interface ProjectedToolResult {
  modelResult: ModelToolResult;
  truncated: boolean;
  /** E.g. `2 text blocks, 1 image (image/png, 12.3 kB), structured content`. */
  summary: string;
}

/** Default text budget for the model. */
const DEFAULT_MAX_TEXT_CHARS = 20_000;

/** Longest value shown from a server-supplied label (name, URI, MIME type) inside a note. */
const MAX_LABEL_CHARS = 300;

type ModelPart = ModelToolResult['parts'][number];

/** A part in the making: `body` counts against the text budget, `prefix` and notes do not. */
type Draft =
  | { kind: 'text'; prefix: string; body: string }
  | { kind: 'note'; text: string }
  | { kind: 'image'; part: Extract<ModelPart, { type: 'image' }> };

/** Counts of what the result held, for the summary. */
interface Tally {
  text: number;
  emptyText: number;
  image: string[];
  audio: number;
  resourceLink: number;
  resource: number;
  structured: 'none' | 'appended' | 'already-in-text' | 'malformed';
  other: number;
}

/** Projects an MCP CallToolResult (or anything claiming to be one) for the model. */
export function projectToolResult(mcpResult: unknown, options: ProjectToolResultOptions = {}): ProjectedToolResult {
  const maxTextChars = Math.max(0, Math.floor(options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS));
  const tally: Tally = { text: 0, emptyText: 0, image: [], audio: 0, resourceLink: 0, resource: 0, structured: 'none', other: 0 };
  const drafts: Draft[] = [];

  if (!isPlainObject(mcpResult)) {
    const modelResult: ModelToolResult = {
      parts: [{ type: 'text', text: '[the tool returned a malformed result — not an object]' }],
      isError: true,
    };
    return { modelResult, truncated: false, summary: 'malformed result' };
  }

  const isError = mcpResult.isError === true;
  const content = mcpResult.content;
  const textBlocks: string[] = [];
  if (Array.isArray(content)) {
    for (const block of content) drafts.push(...projectBlock(block, tally, textBlocks));
  } else if (content !== undefined) {
    drafts.push({ kind: 'note', text: '[malformed content: expected a list of content blocks — not sent to the model]' });
    tally.other++;
  }

  const structured = mcpResult.structuredContent;
  if (structured !== undefined) {
    if (textBlocks.some((text) => carriesJson(text, structured))) {
      tally.structured = 'already-in-text';
    } else {
      const json = safeStringify(structured);
      if (json === undefined) {
        drafts.push({ kind: 'note', text: '[structured content that cannot be written as JSON — not sent to the model]' });
        tally.structured = 'malformed';
      } else {
        drafts.push({ kind: 'text', prefix: '', body: json });
        tally.structured = 'appended';
      }
    }
  }

  if (drafts.length === 0) {
    drafts.push({
      kind: 'note',
      text: isError ? '[the tool reported an error without any details]' : '[the tool returned no content]',
    });
  }

  const { parts, truncated } = applyBudget(drafts, maxTextChars);
  return { modelResult: { parts, isError }, truncated, summary: summarize(tally, isError, truncated) };
}

/** One content block → zero or more drafts. Text of text blocks is collected for the JSON check. */
function projectBlock(block: unknown, tally: Tally, textBlocks: string[]): Draft[] {
  if (!isPlainObject(block)) {
    tally.other++;
    return [{ kind: 'note', text: '[malformed content block — not sent to the model]' }];
  }
  const type = block.type;
  switch (type) {
    case 'text': {
      if (typeof block.text !== 'string') {
        tally.other++;
        return [{ kind: 'note', text: '[malformed text block without text — not sent to the model]' }];
      }
      if (block.text === '') {
        // Providers reject empty text blocks; the summary still counts it.
        tally.emptyText++;
        return [];
      }
      tally.text++;
      textBlocks.push(block.text);
      return [{ kind: 'text', prefix: '', body: block.text }];
    }
    case 'image': {
      const mimeType = label(block.mimeType);
      if (typeof block.data !== 'string' || block.data === '' || typeof block.mimeType !== 'string') {
        tally.other++;
        return [
          { kind: 'note', text: `[image block without data or MIME type${mimeType ? ` (${mimeType})` : ''} — not sent to the model]` },
        ];
      }
      tally.image.push(`${mimeType}, ${formatBytes(base64Bytes(block.data))}`);
      return [{ kind: 'image', part: { type: 'image', mediaType: block.mimeType, data: block.data } }];
    }
    case 'audio': {
      tally.audio++;
      const size = typeof block.data === 'string' ? `, ${formatBytes(base64Bytes(block.data))}` : '';
      return [{ kind: 'note', text: `[audio: ${label(block.mimeType) || 'unknown type'}${size} — not sent to the model]` }];
    }
    case 'resource_link': {
      tally.resourceLink++;
      const uri = label(block.uri) || '(no URI)';
      const mimeType = label(block.mimeType);
      const name = label(block.title) || label(block.name);
      const description = label(block.description);
      const text = [
        `[resource link: ${uri}`,
        mimeType ? ` (${mimeType})` : '',
        name ? ` ${name}` : '',
        description ? ` — ${description}` : '',
        ']',
      ].join('');
      return [{ kind: 'note', text }];
    }
    case 'resource': {
      tally.resource++;
      const resource = isPlainObject(block.resource) ? block.resource : {};
      const uri = label(resource.uri) || '(no URI)';
      const mimeType = label(resource.mimeType);
      const header = `[resource ${uri}${mimeType ? ` (${mimeType})` : ''}`;
      if (typeof resource.text === 'string') {
        return [{ kind: 'text', prefix: `${header}]\n`, body: resource.text }];
      }
      if (typeof resource.blob === 'string') {
        return [{ kind: 'note', text: `${header}, ${formatBytes(base64Bytes(resource.blob))} binary — not sent to the model]` }];
      }
      return [{ kind: 'note', text: `${header} without text or binary contents]` }];
    }
    default: {
      tally.other++;
      const name = typeof type === 'string' ? `"${label(type)}"` : 'without a type';
      return [{ kind: 'note', text: `[unsupported content block ${name} — not sent to the model]` }];
    }
  }
}

/** Spends the text budget in order; a text that does not fit is cut and says so. */
function applyBudget(drafts: Draft[], maxTextChars: number): { parts: ModelPart[]; truncated: boolean } {
  let remaining = maxTextChars;
  let truncated = false;
  const parts: ModelPart[] = [];
  for (const draft of drafts) {
    switch (draft.kind) {
      case 'image':
        parts.push(draft.part);
        break;
      case 'note':
        parts.push({ type: 'text', text: draft.text });
        break;
      case 'text': {
        if (draft.body.length <= remaining) {
          remaining -= draft.body.length;
          parts.push({ type: 'text', text: draft.prefix + draft.body });
          break;
        }
        truncated = true;
        const kept = cutAt(draft.body, remaining);
        remaining = 0;
        const note = `…[truncated: ${formatCount(draft.body.length)} characters total; the person sees the whole result]`;
        parts.push({ type: 'text', text: draft.prefix + (kept === '' ? note : `${kept}\n${note}`) });
        break;
      }
      default:
        assertNever(draft);
    }
  }
  return { parts, truncated };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected draft: ${JSON.stringify(value)}`);
}

/** The first `length` UTF-16 units, without splitting a surrogate pair. */
function cutAt(text: string, length: number): string {
  let end = Math.min(length, text.length);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** True when `text` is JSON equal to `value` (a server that already printed its structured content). */
function carriesJson(text: string, value: unknown): boolean {
  const trimmed = text.trim();
  if (!/^[[{"\d-]|^(true|false|null)$/.test(trimmed)) return false;
  try {
    return jsonEqual(JSON.parse(trimmed), value);
  } catch {
    return false;
  }
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A server-supplied string for a note, shortened; anything else becomes ''. */
function label(value: unknown): string {
  if (typeof value !== 'string') return '';
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL_CHARS ? `${flat.slice(0, MAX_LABEL_CHARS)}…` : flat;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function summarize(tally: Tally, isError: boolean, truncated: boolean): string {
  const parts: string[] = [];
  if (tally.text > 0) parts.push(plural(tally.text, 'text block'));
  if (tally.emptyText > 0) parts.push(plural(tally.emptyText, 'empty text block'));
  if (tally.image.length > 0) parts.push(`${plural(tally.image.length, 'image')} (${tally.image.join('; ')})`);
  if (tally.audio > 0) parts.push(`${tally.audio} audio (not sent to the model)`);
  if (tally.resourceLink > 0) parts.push(plural(tally.resourceLink, 'resource link'));
  if (tally.resource > 0) parts.push(plural(tally.resource, 'embedded resource'));
  if (tally.structured === 'appended') parts.push('structured content (sent as JSON text)');
  if (tally.structured === 'already-in-text') parts.push('structured content (same as the text)');
  if (tally.structured === 'malformed') parts.push('malformed structured content (not sent to the model)');
  if (tally.other > 0) parts.push(`${plural(tally.other, 'unsupported block')} (not sent to the model)`);
  const body = parts.length > 0 ? parts.join(', ') : 'no content';
  return `${isError ? 'Error: ' : ''}${body}${truncated ? '; text truncated for the model' : ''}`;
}
