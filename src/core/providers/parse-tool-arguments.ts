/** Parses a tool call's arguments text (a JSON object as a string) without throwing. */
import { isPlainObject } from '../shared/json';

/** The outcome: an object input, or the raw text plus why it was refused. */
export type ParsedToolArguments = { ok: true; input: Record<string, unknown> } | { ok: false; rawArguments: string; reason: string };

/**
 * Parses arguments text into an object. Empty text means "no arguments" (`{}`), which is how
 * both providers stream a call to a tool that takes none. Anything but a JSON object is refused.
 */
export function parseToolArguments(text: string): ParsedToolArguments {
  if (text.trim() === '') return { ok: true, input: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, rawArguments: text, reason: `not valid JSON (${detail})` };
  }
  if (!isPlainObject(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return { ok: false, rawArguments: text, reason: `JSON ${kind}, not an object` };
  }
  return { ok: true, input: value };
}
