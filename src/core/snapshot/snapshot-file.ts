/**
 * The `*.mcp-snapshot.json` boundary: text in, a checked snapshot or one specific error out
 * (the field and what is wrong with it); a snapshot out as text in a stable key order (the
 * snapshot's fields and each item's fields in a fixed order; schemas as the server listed them,
 * since their order is what a cosmetic change is about).
 */
import { describeValue, fieldChecks, orderedFields } from '../shared/file-fields';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type McpSnapshot } from './snapshot-types';

/** A snapshot file that cannot be read: `path` is a JSON Pointer into the file. */
export class SnapshotFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(path === '' ? reason : `${path}: ${reason}`);
  }
}

const TOP_KEYS = [
  'format',
  'formatVersion',
  'takenAt',
  'source',
  'server',
  'era',
  'protocolVersion',
  'capabilities',
  'instructions',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
] as const;
const ITEM_KEYS = [
  'name',
  'uri',
  'uriTemplate',
  'title',
  'description',
  'mimeType',
  'size',
  'inputSchema',
  'outputSchema',
  'annotations',
  'execution',
  'arguments',
  'icons',
];

/** The snapshot as file text: two-space JSON, fields in a fixed order, ending in a newline. */
export function writeSnapshot(snapshot: McpSnapshot): string {
  const top = orderedFields(snapshot as unknown as Record<string, unknown>, TOP_KEYS);
  for (const list of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const) {
    top[list] = (snapshot[list] as unknown as Array<Record<string, unknown>>).map((item) => orderedFields(item, ITEM_KEYS));
  }
  top['server'] = orderedFields(snapshot.server as unknown as Record<string, unknown>, ['name', 'version', 'title']);
  return `${JSON.stringify(top, null, 2)}\n`;
}

function fail(path: string, reason: string): never {
  throw new SnapshotFileError(path, reason);
}

const { expectString, expectObject, readFormatted } = fieldChecks(fail);

function checkList(
  root: Record<string, unknown>,
  key: string,
  idKey: string,
  check: (item: Record<string, unknown>, path: string) => void,
) {
  const list = root[key];
  if (!Array.isArray(list))
    fail(`/${key}`, list === undefined ? 'missing (an array is required)' : `must be an array, not ${describeValue(list)}`);
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const path = `/${key}/${index}`;
    expectObject(item, path);
    const entry = item as Record<string, unknown>;
    expectString(entry[idKey], `${path}/${idKey}`);
    const id = entry[idKey] as string;
    if (seen.has(id)) fail(`${path}/${idKey}`, `"${id}" is listed twice`);
    seen.add(id);
    expectString(entry['title'], `${path}/title`, true);
    expectString(entry['description'], `${path}/description`, true);
    check(entry, path);
  });
}

/**
 * Reads a snapshot file. Throws SnapshotFileError naming the field (a JSON Pointer) and what is
 * wrong: not JSON, not a snapshot, a newer format, a missing or mistyped field, a duplicate name.
 */
export function parseSnapshot(text: string): McpSnapshot {
  const value = readFormatted(text, { format: SNAPSHOT_FORMAT, version: SNAPSHOT_FORMAT_VERSION, noun: 'snapshot' });
  expectString(value['takenAt'], '/takenAt');
  expectString(value['source'], '/source', true);
  expectObject(value['server'], '/server');
  const server = value['server'] as Record<string, unknown>;
  expectString(server['name'], '/server/name');
  expectString(server['version'], '/server/version');
  if (value['era'] !== undefined && value['era'] !== 'legacy' && value['era'] !== 'modern')
    fail('/era', `must be "legacy" or "modern" (got ${describeValue(value['era'])})`);
  expectString(value['protocolVersion'], '/protocolVersion', true);
  expectObject(value['capabilities'], '/capabilities');
  expectString(value['instructions'], '/instructions', true);
  checkList(value, 'tools', 'name', (tool, path) => {
    expectObject(tool['inputSchema'], `${path}/inputSchema`);
    expectObject(tool['outputSchema'], `${path}/outputSchema`, true);
    expectObject(tool['annotations'], `${path}/annotations`, true);
  });
  checkList(value, 'resources', 'uri', (resource, path) => expectString(resource['name'], `${path}/name`));
  checkList(value, 'resourceTemplates', 'uriTemplate', (template, path) => expectString(template['name'], `${path}/name`));
  checkList(value, 'prompts', 'name', (prompt, path) => {
    const args = prompt['arguments'] ?? [];
    if (!Array.isArray(args)) fail(`${path}/arguments`, `must be an array, not ${describeValue(args)}`);
    args.forEach((arg: unknown, index) => {
      expectObject(arg, `${path}/arguments/${index}`);
      expectString((arg as Record<string, unknown>)['name'], `${path}/arguments/${index}/name`);
    });
    if (prompt['arguments'] === undefined) prompt['arguments'] = [];
  });
  return value as unknown as McpSnapshot;
}
