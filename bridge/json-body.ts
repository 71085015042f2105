/**
 * Reads a request's JSON body with two bounds, checked before `JSON.parse`: its size, and how deep
 * its arrays and objects nest. A body nested millions deep parses, but every later step that walks
 * it (the framing that writes it to the child) overflows the stack, and the request would never be
 * answered while the bridge kept its memory.
 */
import type { IncomingMessage } from 'node:http';

/** The largest request body accepted, in bytes. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** The deepest nesting of arrays and objects accepted (MCP messages nest a few levels; tool arguments a few more). */
export const MAX_JSON_DEPTH = 256;

/** Why a body was refused, with the HTTP status and JSON-RPC error to answer. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the arrays and objects of a JSON text nest deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/** Reads a JSON body; `undefined` for an empty one; a `BodyError` for one too large, too deep or not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, -32600, 'Request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new BodyError(400, -32700, `Parse error: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError(400, -32700, 'Parse error: Invalid JSON');
  }
}
