/**
 * Request bodies kept in shared parts (core/traffic/shared-body.ts), as IndexedDB and session
 * files store them: each piece once, with the exchange that brought it, and every body as its
 * parts with references to pieces by `[owner exchange id, index]`. So a long turn is saved in
 * space that grows with the conversation, not with its square, and read back into the same
 * shared pieces, joining to the exact bytes that were sent.
 */
import { isSharedPiece } from '../traffic/shared-body';
import type { BodyPart, HttpExchange, SharedPiece } from '../traffic/types';
import { isCountOrZero, isPlainObject } from '../shared/json';

/** A reference to a stored piece: the id of the exchange that owns it and its index there. */
type StoredPieceRef = [owner: number, index: number];

/** A request body in parts as stored (`sharedBody` of a stored exchange). */
interface StoredSharedBody {
  /** The pieces this exchange brought, by index. */
  pieces: string[];
  /** Literal text and references, in order. */
  parts: Array<string | StoredPieceRef>;
}

/** An exchange as stored: the body in parts becomes a `sharedBody`. */
export type StoredExchange = Omit<HttpExchange, 'requestBodyParts'> & { sharedBody?: StoredSharedBody };

/** The stored form by exchange object: a save writes the same chunk many times. */
const storedForms = new WeakMap<HttpExchange, StoredExchange>();

/** The exchange as stored (the same object when its body is kept whole). */
export function toStoredExchange(exchange: HttpExchange): StoredExchange {
  const parts = exchange.requestBodyParts;
  if (parts === undefined) return exchange;
  let stored = storedForms.get(exchange);
  if (stored === undefined) {
    const { requestBodyParts: _parts, ...rest } = exchange;
    const pieces: string[] = [];
    const refs = parts.map((part): string | StoredPieceRef => {
      if (!isSharedPiece(part)) return part;
      if (part.owner === exchange.id) pieces[part.index] = part.text;
      return [part.owner, part.index];
    });
    stored = { ...rest, sharedBody: { pieces, parts: refs } };
    storedForms.set(exchange, stored);
  }
  return stored;
}

/** The pieces of every stored exchange, by owner id, for resolving references (a hole where a piece is not text). */
export type PieceTable = Map<number, Array<SharedPiece | undefined>>;

/** Collects the pieces the stored exchanges own (untrusted: what is not a piece list is skipped). */
export function collectPieces(raws: readonly unknown[]): PieceTable {
  const table: PieceTable = new Map();
  for (const raw of raws) {
    if (!isPlainObject(raw) || !isPlainObject(raw['sharedBody']) || !isCountOrZero(raw['id'])) continue;
    const owner = raw['id'];
    const pieces = raw['sharedBody']['pieces'];
    if (!Array.isArray(pieces)) continue;
    table.set(
      owner,
      pieces.map((text: unknown, index) => (typeof text === 'string' ? { owner, index, text } : undefined)),
    );
  }
  return table;
}

/** True when a stored body's parts are laid out as shared-body.ts makes them: pieces at head, tail and entries, text between. */
function isLayout(parts: readonly unknown[]): boolean {
  if (parts.length < 2 || (parts.length > 2 && parts.length % 2 === 0)) return false;
  return parts.every((part, index) =>
    index === 0 || index === parts.length - 1 || index % 2 === 1 ? Array.isArray(part) : typeof part === 'string',
  );
}

/**
 * The parts of a stored `sharedBody`, resolved against the table; a problem (for the caller to
 * list) when the body cannot be rebuilt, e.g. a piece's owner was lost with a damaged chunk.
 */
export function resolveSharedBody(value: unknown, table: PieceTable): { parts: BodyPart[] } | { problem: string } {
  const parts = isPlainObject(value) ? value['parts'] : undefined;
  if (!Array.isArray(parts) || !isLayout(parts)) return { problem: 'its request body in parts is not laid out as expected' };
  const resolved: BodyPart[] = [];
  for (const part of parts as unknown[]) {
    if (typeof part === 'string') {
      resolved.push(part);
      continue;
    }
    const [owner, index] = part as unknown[];
    const piece = isCountOrZero(owner) && isCountOrZero(index) ? table.get(owner)?.[index] : undefined;
    if (piece === undefined) return { problem: `its request body refers to a part of HTTP exchange #${String(owner)} that is missing` };
    resolved.push(piece);
  }
  return { parts: resolved };
}
