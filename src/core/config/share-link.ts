import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { applyEdits, parseTree } from 'jsonc-parser';
import type { Edit } from 'jsonc-parser';
import { textToParse } from './fragment';
import { propertiesOf } from './json-tree';
import { isSecretName } from '../secrets';

/** The URL fragment key that carries a config. */
const FRAGMENT_KEY = 'config';

// Query parameters whose values are credentials in the wild (`?api_key=…`, `?token=…`).
const URL_KEYS = new Set(['url', 'serverUrl', 'httpUrl', 'endpoint']);

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
 * Returns `#config=<base64url of the UTF-8 text>` for a share link, after removing every secret it can
 * find: header values and env values become "", `--header` arguments keep only the name, and
 * credential-like query parameters of server URLs are emptied. The rest of the text, comments and
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
    throw new ShareLinkError('config-has-syntax-errors', 'The config has JSON syntax errors: fix them before sharing, so that no secret slips into the link.');
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
    if (property.key === 'headers' || property.key === 'env' || property.key === 'environment') {
      blankLeaves(value, edits);
    } else if (property.key === 'clientSecret' && value.type === 'string') {
      // The `oauth` client secret (and any other client's field of that name) is kept like a header value.
      edits.push({ offset: value.offset, length: value.length, content: '""' });
    } else if (property.key === 'args' && value.type === 'array') {
      blankHeaderArguments(value, edits);
    } else if (URL_KEYS.has(property.key) && value.type === 'string' && typeof value.value === 'string') {
      const cleaned = stripSecretQueryParameters(value.value);
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

/** `["--header", "Authorization: Bearer x"]` → `["--header", "Authorization:"]`; mcp-proxy's `-H Name value` loses the value. */
function blankHeaderArguments(arrayNode: JsonNode, edits: Edit[]): void {
  const items = arrayNode.children ?? [];
  for (let i = 0; i < items.length; i++) {
    const flag = items[i]?.value;
    if (flag === '--header') {
      const header = items[i + 1];
      if (header?.type === 'string' && typeof header.value === 'string') {
        const colon = header.value.indexOf(':');
        edits.push({ offset: header.offset, length: header.length, content: JSON.stringify(colon > 0 ? header.value.slice(0, colon + 1) : '') });
      }
    } else if (flag === '--headers' || flag === '-H') {
      const header = items[i + 2];
      if (header !== undefined && header.type === 'string') edits.push({ offset: header.offset, length: header.length, content: '""' });
    } else if (flag === '--oauth2Bearer' || flag === '--api-key' || flag === '--token') {
      const secret = items[i + 1];
      if (secret !== undefined && secret.type === 'string') edits.push({ offset: secret.offset, length: secret.length, content: '""' });
    }
  }
  for (const item of items) {
    if (item.type === 'string' && typeof item.value === 'string' && /^https?:\/\//i.test(item.value)) {
      const cleaned = stripSecretQueryParameters(item.value);
      if (cleaned !== item.value) edits.push({ offset: item.offset, length: item.length, content: JSON.stringify(cleaned) });
    }
  }
}

/** Empties the values of credential-like query parameters in a URL (`?api_key=abc` → `?api_key=`). */
function stripSecretQueryParameters(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash < 0 ? undefined : hash);
  const cleaned = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      return isSecretName(pair.slice(0, equals)) ? pair.slice(0, equals + 1) : pair;
    })
    .join('&');
  return `${url.slice(0, question + 1)}${cleaned}${hash < 0 ? '' : url.slice(hash)}`;
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
