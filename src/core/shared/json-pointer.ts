/**
 * JSON Pointers (RFC 6901), in both spellings core meets: the plain form (`/a/b`) and the
 * URI-fragment form of `$ref`s and validator locations (`#/a/b%20c`). Untrusted input: nothing
 * here throws.
 */
import { isPlainObject } from './json';

/** Escapes one JSON Pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`). */
function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends a segment to a `#`-prefixed JSON Pointer. */
export function childPath(path: string, segment: string | number): string {
  return `${path}/${escapePointerSegment(String(segment))}`;
}

/**
 * The unescaped segments of a pointer: `''` and `'#'` are the root; `#/…` is percent-decoded
 * (the fragment form); `/…` is taken as it is. Undefined for anything else or a bad escape.
 */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '' || pointer === '#') return [];
  const fragment = pointer.startsWith('#/');
  if (!fragment && !pointer.startsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of pointer.slice(fragment ? 2 : 1).split('/')) {
    let segment = raw;
    if (fragment) {
      try {
        segment = decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
    segments.push(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return segments;
}

/** The value at a path of keys and indexes (own properties only); undefined when it leads nowhere. */
export function valueAtSegments(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
    else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** The value a pointer (either form) leads to inside `root`; undefined when it leads nowhere. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  const segments = pointerSegments(pointer);
  return segments === undefined ? undefined : valueAtSegments(root, segments);
}
