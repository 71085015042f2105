/**
 * Points config entries at new URLs in the person's own text (comments and layout kept, with
 * jsonc-parser's edits): an entry of that name gets the URL in place of its address (so its tools
 * keep their names), a missing one is added. Used to put a mock where the live server was.
 */
import { applyEdits, modify, parseTree, type Node as JsonNode } from 'jsonc-parser';

/** The keys that say where or how an entry runs, replaced by the new `url`. */
const ADDRESS_KEYS = ['url', 'serverUrl', 'httpUrl', 'endpoint', 'command', 'args', 'env', 'cwd', 'type', 'transport'];

/** Where the servers are kept: `mcpServers` or `servers` as an object map; else undefined. */
function collectionOf(root: JsonNode | undefined): { path: string[]; node: JsonNode | undefined } | undefined {
  if (root === undefined) return { path: ['mcpServers'], node: undefined };
  if (root.type !== 'object') return undefined;
  for (const key of ['mcpServers', 'servers']) {
    const property = root.children?.find((child) => child.children?.[0]?.value === key);
    const value = property?.children?.[1];
    if (value !== undefined) return value.type === 'object' ? { path: [key], node: value } : undefined;
  }
  return (root.children ?? []).length === 0 ? { path: ['mcpServers'], node: undefined } : undefined;
}

/** The object value of entry `name` in the collection, if there is one. */
function entryOf(collection: JsonNode | undefined, name: string): JsonNode | undefined {
  const property = collection?.children?.find((child) => child.children?.[0]?.value === name);
  const value = property?.children?.[1];
  return value?.type === 'object' ? value : undefined;
}

/**
 * The config text with each entry `name` pointing at `url`. Throws an Error saying what to do by
 * hand when the text keeps its servers in a form this cannot edit (an array, a nested dialect).
 */
export function setServerUrls(text: string, entries: ReadonlyArray<{ name: string; url: string }>): string {
  const source = text.trim() === '' ? '{}' : text;
  const collection = collectionOf(parseTree(source));
  if (collection === undefined)
    throw new Error(
      `The config keeps its servers in a form that cannot be edited here: add ${entries
        .map((entry) => `"${entry.name}": { "url": "${entry.url}" }`)
        .join(', ')} to it yourself.`,
    );
  const formatting = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  let out = source;
  for (const entry of entries) {
    const current = entryOf(collectionOf(parseTree(out))?.node, entry.name);
    if (current === undefined) {
      out = applyEdits(out, modify(out, [...collection.path, entry.name], { url: entry.url }, formatting));
      continue;
    }
    for (const key of ADDRESS_KEYS) {
      if (key === 'url') continue;
      if (current.children?.some((child) => child.children?.[0]?.value === key))
        out = applyEdits(out, modify(out, [...collection.path, entry.name, key], undefined, formatting));
    }
    out = applyEdits(out, modify(out, [...collection.path, entry.name, 'url'], entry.url, formatting));
  }
  return out;
}
