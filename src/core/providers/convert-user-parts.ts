/**
 * The conversions every request builder shares: a user message's parts, an inline image (or
 * the note standing in for one a provider cannot take), and a tool result laid out as text for
 * the wires whose tool answers carry text only (both OpenAI formats).
 */
import type { ConversionWarning, ModelToolResult, NeutralPart } from '../conversation';
import { isSupportedImageMediaType, unsupportedImageNote } from './image-media-types';

/** How one wire writes a text part and a supported inline image. */
export interface ContentMaker<T> {
  text(text: string): T;
  image(mediaType: string, data: string): T;
}

/** An image → the wire's image part, or for an unsupported media type a text note and a warning. */
export function convertImage<T>(mediaType: string, data: string, warnings: ConversionWarning[], make: ContentMaker<T>): T {
  if (!isSupportedImageMediaType(mediaType)) {
    warnings.push({ type: 'unsupported', message: `Replaced an image (${mediaType}) with a note: unsupported media type.` });
    return make.text(unsupportedImageNote(mediaType));
  }
  return make.image(mediaType, data);
}

/**
 * A user message's parts → the wire's content parts (empty texts skipped). Tool parts do not
 * belong in a user message: each is dropped with a warning saying where they go on this wire.
 */
export function convertUserParts<T>(
  parts: NeutralPart[],
  warnings: ConversionWarning[],
  make: ContentMaker<T>,
  toolPartsHome = 'assistant and tool messages',
): T[] {
  const content: T[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') content.push(make.text(part.text));
        break;
      case 'image':
        content.push(convertImage(part.mediaType, part.data, warnings, make));
        break;
      case 'tool-call':
      case 'tool-result':
        warnings.push({
          type: 'unsupported',
          message: `Dropped a ${part.type} part from a user message; tool parts belong to ${toolPartsHome}.`,
          subject: part.toolCallId,
        });
        break;
      default: {
        const unhandled: never = part;
        throw new Error(`Unknown part: ${JSON.stringify(unhandled)}`);
      }
    }
  }
  return content;
}

/**
 * A tool result as text (an error result starts with "Error: "), for wires whose tool answers
 * take text only. Each supported image leaves a note in the text and is returned, to follow in
 * a user message; an unsupported one leaves a note and a warning.
 */
function toolResultAsText(
  result: ModelToolResult,
  warnings: ConversionWarning[],
): { text: string; images: Array<{ mediaType: string; data: string }> } {
  const lines: string[] = [];
  const images: Array<{ mediaType: string; data: string }> = [];
  for (const part of result.parts) {
    if (part.type === 'text') {
      if (part.text !== '') lines.push(part.text);
    } else if (isSupportedImageMediaType(part.mediaType)) {
      lines.push(`[image: ${part.mediaType}, shown in the next user message]`);
      images.push({ mediaType: part.mediaType, data: part.data });
    } else {
      warnings.push({ type: 'unsupported', message: `Replaced an image (${part.mediaType}) with a note: unsupported media type.` });
      lines.push(unsupportedImageNote(part.mediaType));
    }
  }
  const text = lines.join('\n');
  if (!result.isError) return { text, images };
  return { text: text === '' ? 'Error' : `Error: ${text}`, images };
}

/** A tool call part of the neutral conversation. */
type ToolCallPart = Extract<NeutralPart, { type: 'tool-call' }>;

/**
 * An assistant message's parts → its joined text (undefined when none) and its tool calls, for
 * wires that put the two apart (both OpenAI formats). Images and tool results do not belong
 * there and are dropped with a warning; a message left empty is reported and yields undefined.
 */
export function splitAssistantParts(
  parts: NeutralPart[],
  warnings: ConversionWarning[],
): { text?: string; calls: ToolCallPart[] } | undefined {
  const texts: string[] = [];
  const calls: ToolCallPart[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') texts.push(part.text);
        break;
      case 'tool-call':
        calls.push(part);
        break;
      case 'image':
      case 'tool-result':
        warnings.push({
          type: 'unsupported',
          message: `Dropped a${part.type === 'image' ? 'n image' : ' tool-result'} part from an assistant message.`,
        });
        break;
      default: {
        const unhandled: never = part;
        throw new Error(`Unknown part: ${JSON.stringify(unhandled)}`);
      }
    }
  }
  if (texts.length === 0 && calls.length === 0) {
    warnings.push({ type: 'other', message: 'Skipped an empty assistant message.' });
    return undefined;
  }
  return texts.length === 0 ? { calls } : { text: texts.join('\n\n'), calls };
}

/**
 * Tool results → one text answer per call, in order, and the content of one user message that
 * carries their images after the answers (empty when there are none), each image introduced by
 * which call returned it. For wires whose tool answers take text only.
 */
export function toolResultsAsText<T>(
  parts: Array<Extract<NeutralPart, { type: 'tool-result' }>>,
  warnings: ConversionWarning[],
  make: ContentMaker<T>,
): { answers: Array<{ toolCallId: string; text: string }>; imageContent: T[] } {
  const answers: Array<{ toolCallId: string; text: string }> = [];
  const imageContent: T[] = [];
  for (const part of parts) {
    const { text, images } = toolResultAsText(part.result, warnings);
    answers.push({ toolCallId: part.toolCallId, text });
    if (images.length === 0) continue;
    const noun = images.length === 1 ? 'Image' : `${images.length} images`;
    imageContent.push(make.text(`${noun} returned by tool ${part.toolName} (${part.toolCallId})`));
    imageContent.push(...images.map((image) => make.image(image.mediaType, image.data)));
  }
  return { answers, imageContent };
}
