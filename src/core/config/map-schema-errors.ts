import type { ErrorObject } from 'ajv';
import type { Node as JsonNode } from 'jsonc-parser';
import { getNodePath, getNodeValue } from 'jsonc-parser';
import type { ConfigProblemCode } from './config-types';
import type { JsonProperty } from './json-tree';
import { pointerSegments } from '../shared/json-pointer';
import { anchorOf, lastPropertiesOf, nodeAtSegments } from './json-tree';
import type { ProblemDraft } from './problem-list';

/** The segments of a validator's instance path (`''` or `/mcpServers/a~1b`). */
const segmentsOf = (instancePath: string): string[] => pointerSegments(instancePath) ?? [];

const URL_KEYS = new Set(['url', 'serverUrl', 'httpUrl', 'endpoint']);
const TRANSPORT_KEYS = new Set(['type', 'transport', 'transportType']);
const TRANSPORT_CHOICES = '"http" (streamable HTTP), "sse" (legacy) or "stdio" (a local process)';

/**
 * Turns the schema validator's errors into located problems with plain reasons. Only shape errors
 * (types, allowed values, ranges) come from the schema; "has neither url nor command" is left to the
 * parser, which can say more, so the schema's `anyOf` errors are dropped here.
 */
export function mapSchemaErrors(errors: readonly ErrorObject[], root: JsonNode): ProblemDraft[] {
  const drafts: ProblemDraft[] = [];
  const rootKeys = lastPropertiesOf(root);
  const isBare = !rootKeys.has('mcpServers') && !rootKeys.has('servers');
  for (const error of errors) {
    if (error.keyword === 'if' || /\/anyOf(\/|$)/.test(error.schemaPath)) continue;
    const segments = segmentsOf(error.instancePath);
    const node = nodeAtSegments(root, segments);
    if (node === undefined) continue;
    const { code, reason } = describe(error, segments, node, isBare);
    drafts.push({ code, severity: 'error', ...anchorOf(node), reason, path: getNodePath(node) });
  }
  return drafts;
}

/** The same for one server entry checked on its own (the dialects whose servers live outside the classic maps). */
export function mapServerSchemaErrors(errors: readonly ErrorObject[], entry: JsonProperty): ProblemDraft[] {
  const drafts: ProblemDraft[] = [];
  const value = entry.valueNode;
  if (value === undefined) return drafts;
  for (const error of errors) {
    if (error.keyword === 'if' || /\/anyOf(\/|$)/.test(error.schemaPath)) continue;
    const [key, ...deeper] = segmentsOf(error.instancePath);
    const node = key === undefined ? value : nodeAtSegments(value, [key, ...deeper]);
    if (node === undefined) continue;
    const { code, reason } =
      key === undefined
        ? { code: 'entry-not-object' as const, reason: `Server "${entry.key}" must be an object, like {"url": "https://example.com/mcp"}` }
        : describeServerFieldError(error, key, deeper, node);
    const anchor = key === undefined && node.type !== 'object' ? { offset: node.offset, length: node.length } : anchorOf(node);
    drafts.push({ code, severity: 'error', ...anchor, reason, path: getNodePath(node) });
  }
  return drafts;
}

function describe(
  error: ErrorObject,
  segments: readonly string[],
  node: JsonNode,
  isBare: boolean,
): { code: ConfigProblemCode; reason: string } {
  const [first, ...afterFirst] = segments;
  if (first === undefined) return { code: 'not-an-object', reason: 'The text must be a JSON object, like {"mcpServers": {…}}' };
  if (first === '$schema') return { code: 'wrong-type', reason: '"$schema" must be a string (a schema address)' };
  if (first === 'inputs') return describeInputError(error, afterFirst);

  // Where the server map is: under "mcpServers"/"servers", or the document itself for a bare map.
  const inServerMap = first === 'mcpServers' || first === 'servers';
  if (!inServerMap && !isBare) return generic(error, segments);
  const rest = inServerMap ? afterFirst : segments;
  const [serverName, key, ...deeper] = rest;
  if (serverName === undefined) {
    return {
      code: 'wrong-type',
      reason: `"${first}" must be an object that maps server names to servers, like {"weather": {"url": "https://example.com/mcp"}}`,
    };
  }
  if (key === undefined) {
    return { code: 'entry-not-object', reason: `Server "${serverName}" must be an object, like {"url": "https://example.com/mcp"}` };
  }
  return describeServerFieldError(error, key, deeper, node);
}

function describeServerFieldError(
  error: ErrorObject,
  key: string,
  deeper: readonly string[],
  node: JsonNode,
): { code: ConfigProblemCode; reason: string } {
  const item = deeper[0];
  if (URL_KEYS.has(key)) return { code: 'bad-url', reason: `"${key}" must be a string, like "https://example.com/mcp"` };
  if (TRANSPORT_KEYS.has(key)) {
    if (error.keyword === 'enum') {
      return {
        code: 'unknown-transport',
        reason: `Unknown transport ${JSON.stringify(getNodeValue(node))} in "${key}": use ${TRANSPORT_CHOICES}`,
      };
    }
    return { code: 'unknown-transport', reason: `"${key}" must be a string: ${TRANSPORT_CHOICES}` };
  }
  switch (key) {
    case 'headers':
      return item === undefined
        ? { code: 'bad-headers', reason: '"headers" must be an object of header names to values, like {"Authorization": "Bearer …"}' }
        : { code: 'bad-headers', reason: `Header "${item}" must have a string value, like "Bearer …"` };
    case 'timeout':
      return error.keyword === 'exclusiveMinimum'
        ? { code: 'bad-timeout', reason: '"timeout" must be a positive whole number of milliseconds, like 30000' }
        : { code: 'bad-timeout', reason: '"timeout" must be a whole number of milliseconds, like 30000' };
    case 'disabled':
      return { code: 'wrong-type', reason: '"disabled" must be true or false (without quotes)' };
    case 'command':
      return { code: 'wrong-type', reason: '"command" must be a string, like "npx" (or a list, like ["npx", "-y", "some-mcp-server"])' };
    case 'args':
      return item === undefined
        ? { code: 'wrong-type', reason: '"args" must be a list of strings, like ["-y", "some-mcp-server"]' }
        : { code: 'wrong-type', reason: `Argument ${Number(item) + 1} of "args" must be a string` };
    case 'env':
      return item === undefined
        ? { code: 'wrong-type', reason: '"env" must be an object of variable names to values, like {"API_KEY": "…"}' }
        : { code: 'wrong-type', reason: `Environment variable "${item}" must be a string` };
    case 'cwd':
      return { code: 'wrong-type', reason: '"cwd" must be a string (a folder path)' };
    default:
      return generic(error, [key, ...deeper]);
  }
}

function describeInputError(error: ErrorObject, segments: readonly string[]): { code: ConfigProblemCode; reason: string } {
  const [index, field] = segments;
  if (index === undefined) {
    return { code: 'wrong-type', reason: '"inputs" must be a list, like [{"id": "token", "type": "promptString", "password": true}]' };
  }
  const which = `Input ${Number(index) + 1}`;
  if (field === undefined) {
    if (error.keyword === 'required') {
      return { code: 'wrong-type', reason: `${which} needs an "id": the name used in \${input:id}` };
    }
    return { code: 'wrong-type', reason: `${which} must be an object, like {"id": "token", "type": "promptString", "password": true}` };
  }
  const expected = error.keyword === 'type' ? String(error.params['type']) : undefined;
  return {
    code: 'wrong-type',
    reason:
      expected === 'boolean'
        ? `"${field}" of ${which.toLowerCase()} must be true or false`
        : `"${field}" of ${which.toLowerCase()} must be a ${expected ?? 'valid value'}`,
  };
}

function generic(error: ErrorObject, segments: readonly string[]): { code: ConfigProblemCode; reason: string } {
  const where = segments.length === 0 ? 'The document' : `"${segments.join('.')}"`;
  return { code: 'schema', reason: `${where} ${error.message ?? 'does not match the schema'}` };
}
