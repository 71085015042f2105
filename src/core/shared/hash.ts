/** Small non-cryptographic hashes shared across core (stable across runs and platforms). */

/** FNV-1a 32-bit hash of the UTF-8 bytes of `text`, as 8 lowercase hex digits (stable, not secure). */
export function fnv1a32Hex(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
