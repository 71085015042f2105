/**
 * The one boundary for a server's tool list: raw `tools/list` entries (untrusted) in, usable
 * tools plus plain warnings out. Duplicates are dropped (the first wins), invalid input
 * schemas are kept but flagged on the tool, so a person sees every tool the server sent.
 */
import { safeIcons } from './server-metadata';
import type { McpToolInfo } from './server-items';
import { isPlainObject } from '../shared/json';
import { resolvePointer } from '../shared/json-pointer';

/** A tool name as the spec allows it: 1–128 of letters, digits, `_`, `-`, `.`. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** The result of checking a tool list. */
export interface CheckedToolList {
  /** One tool per name, in server order. */
  tools: McpToolInfo[];
  /** Plain sentences for the server card, one per problem. */
  warnings: string[];
}

/** What a JSON value is, for a sentence. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** Resolves a local `$ref` (`#` or `#/a/b`) against the schema; undefined when it leads nowhere or is not local. */
function resolveLocalRef(root: unknown, ref: string): unknown {
  return ref === '#' || ref.startsWith('#/') ? resolvePointer(root, ref) : undefined;
}

/** Every `$ref` in a schema that does not resolve inside it (external refs count: nothing fetches them). */
export function brokenRefs(schema: unknown): string[] {
  const broken = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && resolveLocalRef(schema, record.$ref) === undefined) broken.add(record.$ref);
    for (const value of Object.values(record)) walk(value);
  };
  walk(schema);
  return [...broken];
}

/** The problems of one input schema, as sentences about the tool. */
export function inputSchemaProblems(schema: unknown): string[] {
  if (schema === undefined) return ['it has no inputSchema'];
  if (!isPlainObject(schema)) return [`its inputSchema is ${kindOf(schema)}, not a JSON Schema object`];
  const problems: string[] = [];
  if (schema.type !== 'object') {
    problems.push(
      schema.type === undefined
        ? 'its inputSchema has no "type": "object" at the root'
        : `its inputSchema has type ${JSON.stringify(schema.type)} at the root; tool arguments are always an object`,
    );
  }
  for (const ref of brokenRefs(schema)) {
    problems.push(
      ref.startsWith('#')
        ? `its inputSchema refers to ${ref}, which does not exist`
        : `its inputSchema refers to ${ref}, an external schema that is not fetched`,
    );
  }
  return problems;
}

/** Checks a raw tools/list result: drops nameless tools and duplicates, flags invalid schemas. */
export function checkToolList(raw: readonly unknown[]): CheckedToolList {
  const tools: McpToolInfo[] = [];
  const warnings: string[] = [];
  const counts = new Map<string, number>();
  raw.forEach((entry, index) => {
    if (!isPlainObject(entry) || typeof entry.name !== 'string' || entry.name === '') {
      warnings.push(`Tool #${index + 1} in the list has no name; it is ignored.`);
      return;
    }
    const name = entry.name;
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count > 1) return;

    const problems = inputSchemaProblems(entry.inputSchema);
    if (!TOOL_NAME.test(name)) problems.unshift('its name is not a valid MCP tool name (1–128 of A–Z, a–z, 0–9, _, -, .)');
    const tool: McpToolInfo = {
      ...(entry as unknown as McpToolInfo),
      name,
      // A schema that is not an object cannot be used at all: stand in an empty object schema.
      inputSchema: isPlainObject(entry.inputSchema) ? entry.inputSchema : { type: 'object' },
    };
    if (entry.outputSchema !== undefined && !isPlainObject(entry.outputSchema)) {
      problems.push(`its outputSchema is ${kindOf(entry.outputSchema)}, not a JSON Schema object; it is ignored`);
      delete tool.outputSchema;
    }
    if (typeof tool.title !== 'string') delete tool.title;
    if (typeof tool.description !== 'string') delete tool.description;
    const icons = safeIcons(entry.icons);
    if (icons) tool.icons = icons;
    else delete tool.icons;
    if (problems.length > 0) {
      tool.problems = problems;
      warnings.push(`Tool ${name}: ${problems.join('; ')}.`);
    } else {
      delete tool.problems;
    }
    tools.push(tool);
  });
  for (const [name, count] of counts) {
    if (count > 1) {
      warnings.push(
        count === 2
          ? `2 tools share the name ${name}; the second is ignored.`
          : `${count} tools share the name ${name}; only the first is kept.`,
      );
    }
  }
  return { tools, warnings };
}
