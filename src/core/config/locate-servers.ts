import type { Node as JsonNode } from 'jsonc-parser';
import type { McpConfigDialect } from './config-types';
import type { JsonProperty } from './json-tree';
import { lastPropertiesOf, propertiesOf } from './json-tree';
import type { ProblemList } from './problem-list';
import { looksLikeServer, TRANSPORT_KEYS, URL_KEYS } from './server-fields';
import { nameForUnnamedServer } from './unnamed-server';

/** Where a text keeps its servers, and how to check and read them. */
export interface LocatedServers {
  dialect: McpConfigDialect;
  /** Each server under its name; for arrays and a lone object the name's node (or the object's brace) stands in for the key. */
  entries: JsonProperty[];
  /** The node holding the servers: duplicate names in it are "duplicate-server". */
  mapNode?: JsonNode;
  /** Where "no servers" is marked: the key of the collection, or the document's brace. */
  noServersAt?: JsonNode;
  /** VS Code's `inputs`. */
  inputsNode?: JsonNode;
  /** `document`: the classic shapes, checked whole against the schema; `entries`: every entry checked against the server schema. */
  validation: 'document' | 'entries';
  /** Keys this dialect reads besides the common ones (not typos). */
  dialectKeys: ReadonlySet<string>;
}

/** Top-level keys that mean "MCP servers are kept here", for the message about a file that has none of them. */
const COLLECTION_KEYS = ['mcpServers', 'servers', 'mcp', 'context_servers'];
/** Keys of a bare map that are not servers. */
const BARE_MAP_RESERVED_KEYS = new Set(['$schema', 'inputs']);
const NONE: ReadonlySet<string> = new Set();
const OPENCODE_KEYS: ReadonlySet<string> = new Set(['enabled', 'environment']);

/**
 * Finds the servers in any dialect: `mcpServers` (a map, or Continue's array), VS Code's `servers`,
 * VS Code user settings `mcp.servers`, Opencode's `mcp`, Zed's `context_servers`, Continue's
 * `experimental.modelContextProtocolServers`, the same one level down in a wrapper key, a bare map,
 * or one unnamed server. A document with none of these gets one "not an MCP config" problem.
 */
export function locateServers(root: JsonNode, problems: ProblemList, depth = 0): LocatedServers {
  const top = lastPropertiesOf(root);
  const mcpServers = top.get('mcpServers');
  const servers = top.get('servers');
  if (mcpServers !== undefined) {
    if (servers !== undefined) {
      problems.addAtNode(
        'ignored-key',
        'warning',
        servers.keyNode,
        '"servers" is ignored because "mcpServers" is also present: keep one of them',
      );
    }
    if (mcpServers.valueNode?.type === 'array') return fromArray('mcpServers', mcpServers, problems);
    return { ...fromMap('mcpServers', mcpServers), validation: depth === 0 ? 'document' : 'entries' };
  }
  if (servers !== undefined)
    return { ...fromMap('servers', servers), inputsNode: top.get('inputs')?.valueNode, validation: depth === 0 ? 'document' : 'entries' };

  const mcp = top.get('mcp');
  const mcpValue = mcp?.valueNode;
  if (mcp !== undefined && mcpValue?.type === 'object') {
    const inner = lastPropertiesOf(mcpValue);
    const innerServers = inner.get('servers');
    if (innerServers !== undefined || inner.has('inputs')) {
      const located =
        innerServers === undefined ? { ...fromMap('vscode-settings', mcp), entries: [] } : fromMap('vscode-settings', innerServers);
      return { ...located, inputsNode: inner.get('inputs')?.valueNode };
    }
    // Opencode keeps servers right under "mcp"; Gemini's settings use "mcp" for other things (serverCommand, allowed).
    if (inner.size === 0 || [...inner.values()].some((entry) => looksLikeServer(entry.valueNode)))
      return { ...fromMap('opencode', mcp), dialectKeys: OPENCODE_KEYS };
  }
  const zed = top.get('context_servers');
  if (zed !== undefined) return fromMap('zed', zed);
  const experimental = top.get('experimental')?.valueNode;
  const continueServers = experimental?.type === 'object' ? lastPropertiesOf(experimental).get('modelContextProtocolServers') : undefined;
  if (continueServers !== undefined) return fromArray('continue', continueServers, problems);

  // One wrapper key around a known collection, like Augment's "augment.advanced": {"mcpServers": […]}.
  const [only, ...others] = propertiesOf(root);
  const onlyValue = only?.valueNode;
  if (
    depth === 0 &&
    only !== undefined &&
    others.length === 0 &&
    onlyValue?.type === 'object' &&
    COLLECTION_KEYS.some((key) => lastPropertiesOf(onlyValue).has(key))
  ) {
    problems.addAtNode('dialect-note', 'info', only.keyNode, `The servers are read from inside "${only.key}"`);
    return locateServers(onlyValue, problems, depth + 1);
  }

  if (looksLikeServer(root)) {
    const name = nameForUnnamedServer(root);
    const brace = { type: 'string', value: name, offset: root.offset, length: 1 } as JsonNode;
    problems.add({
      code: 'unnamed-server',
      severity: 'info',
      offset: root.offset,
      length: 1,
      reason: `One server without a name: Glassbox calls it "${name}". To choose the name, write {"mcpServers": {"${name}": {…}}}`,
    });
    return {
      dialect: 'single',
      entries: [{ key: name, keyNode: brace, valueNode: root, propertyNode: root }],
      validation: 'entries',
      dialectKeys: NONE,
    };
  }
  return bareOrNone(root, problems);
}

function fromMap(dialect: McpConfigDialect, holder: JsonProperty): LocatedServers {
  const mapNode = holder.valueNode;
  const all = mapNode?.type === 'object' ? propertiesOf(mapNode) : [];
  // A collection that is not an object was reported by the schema; "no servers" would only repeat it.
  return {
    dialect,
    entries: lastDefinitions(all),
    mapNode,
    ...(mapNode?.type === 'object' ? { noServersAt: holder.keyNode } : {}),
    validation: 'entries',
    dialectKeys: NONE,
  };
}

// Continue's (and Augment's) arrays of {"name": …, …}: the name's text stands in for a key. A name
// given twice is reported like a duplicated key (the later one is used); an unnamed entry gets a
// name of its own that no other entry has.
function fromArray(dialect: McpConfigDialect, holder: JsonProperty, problems: ProblemList): LocatedServers {
  const items = holder.valueNode?.type === 'array' ? (holder.valueNode.children ?? []) : [];
  const named = items.map((item) => {
    const nameNode = item.type === 'object' ? lastPropertiesOf(item).get('name')?.valueNode : undefined;
    return nameNode?.type === 'string' && typeof nameNode.value === 'string' && nameNode.value.trim() !== ''
      ? { item, name: nameNode.value, nameNode }
      : { item };
  });
  const taken = new Set(named.flatMap((entry) => (entry.name === undefined ? [] : [entry.name])));
  const firstLine = new Map<string, number>();
  const entries = named.map(({ item, name, nameNode }, index): JsonProperty => {
    if (name !== undefined && nameNode !== undefined) {
      const earlier = firstLine.get(name);
      if (earlier !== undefined) {
        problems.addAtNode(
          'duplicate-server',
          'warning',
          nameNode,
          `Server "${name}" is defined again here (first on line ${earlier}): only this later definition is used`,
        );
      }
      firstLine.set(name, problems.rangeOf(nameNode.offset, 0).line);
      return { key: name, keyNode: nameNode, valueNode: item, propertyNode: item };
    }
    const base = item.type === 'object' ? nameForUnnamedServer(item) : 'server';
    let unique = base;
    for (let n = index + 1; taken.has(unique); n++) unique = `${base}-${n}`;
    taken.add(unique);
    return {
      key: unique,
      keyNode: { type: 'string', value: unique, offset: item.offset, length: 1 } as JsonNode,
      valueNode: item,
      propertyNode: item,
    };
  });
  return {
    dialect,
    entries: lastDefinitions(entries),
    ...(holder.valueNode?.type === 'array' ? { noServersAt: holder.keyNode } : {}),
    validation: 'entries',
    dialectKeys: NONE,
  };
}

// For a duplicated name the last definition is the one JSON.parse keeps, so it is the one we read.
function lastDefinitions(all: JsonProperty[]): JsonProperty[] {
  return all.filter((entry, index) => !all.slice(index + 1).some((later) => later.key === entry.key));
}

/**
 * A bare map when some entry is a server (then every entry is read as one, so a broken entry is
 * reported, not dropped); otherwise one clear "no MCP servers here", or "did you mean mcpServers".
 */
function bareOrNone(root: JsonNode, problems: ProblemList): LocatedServers {
  const candidates = propertiesOf(root).filter((entry) => !BARE_MAP_RESERVED_KEYS.has(entry.key));
  const bare = (entries: JsonProperty[]): LocatedServers => ({
    dialect: 'bare',
    entries,
    mapNode: root,
    validation: 'document',
    dialectKeys: NONE,
  });
  const anyServer = candidates.some((entry) => looksLikeServer(entry.valueNode));
  const misspelled = new Set(candidates.filter((entry) => reportMisspelledWrapper(entry, problems, anyServer)).map((entry) => entry.key));
  if (anyServer || candidates.length === 0) return bare(lastDefinitions(candidates.filter((entry) => !misspelled.has(entry.key))));
  if (misspelled.size > 0) return { ...bare([]), mapNode: undefined };

  const keys = [...new Set(candidates.map((entry) => entry.key))];
  const shown =
    keys
      .slice(0, 5)
      .map((key) => `"${key}"`)
      .join(', ') + (keys.length > 5 ? `, and ${keys.length - 5} more` : '');
  const first = candidates[0];
  problems.add({
    code: 'not-an-mcp-config',
    severity: 'error',
    offset: first?.keyNode.offset ?? root.offset,
    length: first?.keyNode.length ?? 1,
    reason: `No MCP servers here: this JSON has none of the keys that hold servers (${COLLECTION_KEYS.map((key) => `"${key}"`).join(', ')}), and its keys (${shown}) are not servers`,
  });
  return { dialect: 'none', entries: [], validation: 'entries', dialectKeys: NONE };
}

/**
 * In a bare map, an entry that is really a misnamed group of servers (`"mcpservers": {…}`) gets one
 * clear error instead of "missing url". "Looks like a group" is only said next to real servers.
 */
function reportMisspelledWrapper(entry: JsonProperty, problems: ProblemList, besideServers: boolean): boolean {
  const value = entry.valueNode;
  if (value?.type !== 'object') return false;
  const fields = lastPropertiesOf(value);
  if ([...URL_KEYS, ...TRANSPORT_KEYS, 'command'].some((key) => fields.has(key))) return false;
  const normalised = entry.key.toLowerCase().replace(/[-_\s]/g, '');
  const childrenAreObjects = fields.size > 0 && [...fields.values()].every((field) => field.valueNode?.type === 'object');

  let reason: string | undefined;
  if (normalised === 'mcpservers' || normalised === 'mcpserver') {
    reason = `"${entry.key}" is not a key Glassbox reads: did you mean "mcpServers"?`;
  } else if (normalised === 'servers' || normalised === 'server') {
    reason = `"${entry.key}" is not a key Glassbox reads: did you mean "servers"?`;
  } else if (normalised === 'contextservers') {
    reason = `"${entry.key}" is not a key Glassbox reads: did you mean Zed's "context_servers"?`;
  } else if (besideServers && childrenAreObjects) {
    reason = `"${entry.key}" looks like a group of servers, not a server: put the servers under "mcpServers"`;
  }
  if (reason === undefined) return false;
  problems.addAtNode('misspelled-wrapper-key', 'error', entry.keyNode, reason);
  return true;
}
