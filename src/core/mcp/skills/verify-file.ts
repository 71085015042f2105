/**
 * A skill file's bytes checked against its entry: the byte size first (a cheap refusal), then the
 * SHA-256 digest with WebCrypto (the page's and Node's `crypto.subtle`). Text contents are UTF-8
 * bytes; blob contents are their base64-decoded bytes.
 */
import type { McpResourceContent } from '../server-items';
import { SkillError } from './skill-error';
import type { SkillFile } from './skill-entry';

const DIGEST = /^sha256:([0-9a-f]{64})$/i;

/** The bytes a read content carries (undefined when it carries neither text nor blob). */
export function contentBytes(content: McpResourceContent): Uint8Array | undefined {
  if (content.text !== undefined) return new TextEncoder().encode(content.text);
  if (content.blob !== undefined) {
    const binary = atob(content.blob);
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  }
  return undefined;
}

/** `sha256:<lowercase hex>` of `bytes`. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Refuses `bytes` unless their size and digest are the entry's. */
export async function verifyFile(file: SkillFile, bytes: Uint8Array): Promise<void> {
  const expected = DIGEST.exec(file.digest);
  if (!expected)
    throw new SkillError(
      'skill-digest-unsupported',
      `${file.uri}: the entry's digest "${file.digest}" is not sha256:<64 hex digits>, so the file cannot be checked.`,
      { file: file.uri, expected: file.digest },
    );
  if (bytes.length !== file.size) {
    throw new SkillError(
      'skill-size-mismatch',
      `${file.uri}: size mismatch: the entry says ${file.size} bytes, the server sent ${bytes.length}.`,
      { file: file.uri, expected: `${file.size} bytes`, actual: `${bytes.length} bytes` },
    );
  }
  const actual = await sha256Digest(bytes);
  if (actual !== `sha256:${expected[1]?.toLowerCase()}`) {
    throw new SkillError(
      'skill-digest-mismatch',
      `${file.uri}: digest mismatch: the entry says ${file.digest}, the bytes sent hash to ${actual}.`,
      { file: file.uri, expected: file.digest, actual },
    );
  }
}
