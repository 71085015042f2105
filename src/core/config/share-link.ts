import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { applyEdits, parseTree } from 'jsonc-parser';
import type { Edit } from 'jsonc-parser';
import { textToParse } from './fragment';
import { propertiesOf } from './json-tree';
import { isSecretContainer, isSecretName, redactArgs, redactUrl } from '../secrets';
import { URL_KEYS } from './server-fields';

/** The URL fragment key that carries a config. */
const FRAGMENT_KEY = 'config';

/** The fields that hold a server URL: its secrets (`?api_key=…`, `user:password@`) are emptied. */
const URL_KEY_SET: ReadonlySet<string> = new Set(URL_KEYS);

/** Thrown when a config cannot be turned into a share link safely. */
export class ShareLinkError extends Error {
  /** Stable identifier: `config-has-syntax-errors` means secrets could not be located, so nothing was encoded. */
  readonly code: 'config-has-syntax-errors';

  constructor(code: 'config-has-syntax-errors', message: string) {
    super(message);
    this.name = 'ShareLinkError';
    this.code = code;
  }
}

/**
 * Returns `#config=<base64url of the UTF-8 text>` for a share link, after removing every secret the
 * secret policy names: header values and env values become "", so do the values of keys named like
 * credentials (`clientSecret`), args lose their secret values (the page's
 * command-line policy, `redactArgs`: `--header` arguments keep only the name), and the secrets of
 * server URLs (credential-like query parameters, `user:password@`) are emptied. The rest of the text, comments and
 * formatting included, is kept. Throws `ShareLinkError` when the text is not valid JSON(C), since
 * then secrets cannot be located reliably.
 */
export function encodeConfigFragment(text: string): string {
  return `#${FRAGMENT_KEY}=${encodeBase64Url(stripSecrets(text))}`;
}

/**
 * Reads the config text out of a `#config=…` fragment (the `#` is optional, other `&`-separated keys
 * are ignored, padding and standard base64 are tolerated). Returns null for anything unreadable.
 */
export function decodeConfigFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of fragment.split('&')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals) !== FRAGMENT_KEY) continue;
    let payload = part.slice(equals + 1);
    try {
      payload = decodeURIComponent(payload);
    } catch {
      return null;
    }
    const decoded = decodeBase64Url(payload);
    return decoded === '' ? null : decoded;
  }
  return null;
}

/** Replaces every secret value in an mcp.json text with "" (see `encodeConfigFragment`), keeping all other text as is. */
export function stripSecrets(text: string): string {
  const errors: ParseError[] = [];
  // A fragment without outer braces is read as the parser reads it; its edits are moved back into the text.
  const { parsedText, shift } = textToParse(text);
  const root = parseTree(parsedText, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || root === undefined) {
    throw new ShareLinkError(
      'config-has-syntax-errors',
      'The config has JSON syntax errors: fix them before sharing, so that no secret slips into the link.',
    );
  }
  const edits: Edit[] = [];
  collectSecretEdits(root, edits);
  for (const edit of edits) edit.offset -= shift;
  // Two rules can pick the same value (a header argument that is also a URL): keep the first edit only.
  const separate: Edit[] = [];
  let coveredUntil = -1;
  for (const edit of [...edits].sort((a, b) => a.offset - b.offset)) {
    if (edit.offset < coveredUntil) continue;
    separate.push(edit);
    coveredUntil = edit.offset + edit.length;
  }
  return applyEdits(text, separate);
}

function collectSecretEdits(node: JsonNode, edits: Edit[]): void {
  if (node.type === 'array') {
    for (const item of node.children ?? []) collectSecretEdits(item, edits);
    return;
  }
  for (const property of propertiesOf(node)) {
    const value = property.valueNode;
    if (value === undefined) continue;
    if (isSecretContainer(property.key)) {
      blankLeaves(value, edits);
    } else if (isSecretName(property.key, 'config-key') && (value.type === 'string' || value.type === 'number')) {
      // A key named like a credential (the `oauth` client secret, any other client's `apiKey`) is kept like a header value.
      edits.push({ offset: value.offset, length: value.length, content: '""' });
    } else if (property.key === 'args' && value.type === 'array') {
      blankSecretArguments(value, edits);
    } else if (URL_KEY_SET.has(property.key) && value.type === 'string' && typeof value.value === 'string') {
      const cleaned = redactUrl(value.value, '');
      if (cleaned !== value.value) edits.push({ offset: value.offset, length: value.length, content: JSON.stringify(cleaned) });
    } else if (value.type === 'object' || value.type === 'array') {
      collectSecretEdits(value, edits);
    }
  }
}

/** Every string, number or boolean inside `node` becomes "" (keys and structure stay). */
function blankLeaves(node: JsonNode, edits: Edit[]): void {
  switch (node.type) {
    case 'string':
    case 'number':
    case 'boolean':
      edits.push({ offset: node.offset, length: node.length, content: '""' });
      return;
    case 'null':
      return;
    case 'object':
      for (const property of propertiesOf(node)) if (property.valueNode) blankLeaves(property.valueNode, edits);
      return;
    case 'array':
      for (const item of node.children ?? []) blankLeaves(item, edits);
      return;
    case 'property':
      return;
    default: {
      const unreachable: never = node.type;
      return unreachable;
    }
  }
}

/**
 * Empties the secret values of an `args` array by the command-line secret policy (`redactArgs`, the
 * one the page shows them with): `--api-key x` → `--api-key ""`, `GITHUB_TOKEN=x` → `GITHUB_TOKEN=`,
 * the secrets of URLs, and every header argument's value (`"Authorization: Bearer x"` → `"Authorization:"`).
 */
function blankSecretArguments(arrayNode: JsonNode, edits: Edit[]): void {
  const items = arrayNode.children ?? [];
  // Numbers and other non-strings stand in as "" (nothing secret), so the positions stay aligned.
  const written = items.map((item) => (item.type === 'string' && typeof item.value === 'string' ? item.value : ''));
  const blanked = redactArgs(written, { marker: '', everyHeaderValue: true });
  items.forEach((item, index) => {
    const cleaned = blanked[index];
    if (item.type === 'string' && cleaned !== undefined && cleaned !== written[index])
      edits.push({ offset: item.offset, length: item.length, content: JSON.stringify(cleaned) });
  });
}

function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for large configs.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeBase64Url(payload: string): string | null {
  const standard = payload.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
