/**
 * Reads an eval file (`*.evals.json`) into a checked `EvalFile` plus every problem, each at its
 * line and column, the way mcp.json is read: the same lenient JSON parser and problem list, a
 * precompiled schema validator (no `new Function`), and the servers read by the mcp.json reader
 * itself, so any dialect it knows works here too. Never throws.
 */
import type { ErrorObject } from 'ajv';
import type { Node as JsonNode } from 'jsonc-parser';
import { getNodePath, getNodeValue } from 'jsonc-parser';
import type { ServerConfig } from '../config';
import { readMcpConfig } from '../config';
import type { SchemaValidators } from '../config';
import { anchorOf, lastPropertiesOf, nodeAtSegments } from '../config/json-tree';
import { parseJsonText } from '../config/parse-json-text';
import { ProblemList } from '../config/problem-list';
import { pointerSegments } from '../shared/json-pointer';
import type { EvalCase, EvalFile, EvalFileResult, EvalTarget, Expectation } from './eval-types';
import type { EvalsValidateFunction } from './generated/validate-evals';

/** The top-level keys that hold the servers, in the dialects an eval file may use. */
const SERVER_KEYS = ['mcpServers', 'servers'] as const;

/** What the reader checks with: the eval schema's validator and the mcp.json ones (for the servers). */
export interface EvalValidators {
  evals: EvalsValidateFunction;
  config: SchemaValidators;
}

/** Reads an eval file's text. `file` is null when the text has an error (the problems say where). */
export function readEvalFile(text: string, validators: EvalValidators): EvalFileResult {
  const problems = new ProblemList(text);
  const { root, hasSyntaxErrors } = parseJsonText(text, problems);
  if (root === undefined || hasSyntaxErrors) return { file: null, problems: problems.toProblems() };
  if (root.type !== 'object') {
    problems.addAtNode(
      'not-an-object',
      'error',
      root,
      'An eval file is a JSON object, like {"cases": [{"name": "adds", "prompt": "What is 2 plus 3?", "expect": {…}}]}',
    );
    return { file: null, problems: problems.toProblems() };
  }
  const value = getNodeValue(root) as Record<string, unknown>;
  if (!validators.evals(value)) {
    for (const error of validators.evals.errors ?? []) addSchemaError(error, root, problems);
  }
  checkNames(root, problems);
  const servers = readServers(text, root, validators.config, problems);
  if (problems.hasErrors()) return { file: null, problems: problems.toProblems() };
  return { file: toEvalFile(value, servers), problems: problems.toProblems() };
}

/** The servers, read by the mcp.json reader from the same text with everything else blanked (so lines and columns stay). */
function readServers(text: string, root: JsonNode, validators: SchemaValidators, problems: ProblemList): ServerConfig[] | undefined {
  const properties = lastPropertiesOf(root);
  const key = SERVER_KEYS.find((name) => properties.has(name));
  const property = key === undefined ? undefined : properties.get(key);
  if (property === undefined) return undefined;
  const start = property.propertyNode.offset;
  const end = start + property.propertyNode.length;
  const last = root.offset + root.length - 1;
  let blanked = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    const kept = index === root.offset || index === last || (index >= start && index < end) || char === '\n' || char === '\r';
    blanked += kept ? char : ' ';
  }
  const parsed = readMcpConfig(blanked, validators);
  for (const problem of parsed.problems) {
    problems.add({
      code: problem.code,
      severity: problem.severity,
      offset: problem.offset,
      length: problem.length,
      reason: problem.reason,
      path: problem.path,
    });
  }
  return parsed.config?.servers;
}

/** Case names must be unique (the matrix and the reports use them as keys). */
function checkNames(root: JsonNode, problems: ProblemList): void {
  const cases = lastPropertiesOf(root).get('cases')?.valueNode;
  const seen = new Set<string>();
  for (const item of cases?.type === 'array' ? (cases.children ?? []) : []) {
    const nameNode = item.type === 'object' ? lastPropertiesOf(item).get('name')?.valueNode : undefined;
    if (nameNode?.type !== 'string') continue;
    const name = String(nameNode.value);
    if (seen.has(name))
      problems.addAtNode('duplicate-key', 'error', nameNode, `Two cases are named "${name}": give each case its own name`);
    seen.add(name);
  }
}

function addSchemaError(error: ErrorObject, root: JsonNode, problems: ProblemList): void {
  const segments = pointerSegments(error.instancePath) ?? [];
  const node = nodeAtSegments(root, segments);
  if (node === undefined) return;
  const where = segments.length === 0 ? 'The file' : `"${segments.join('.')}"`;
  const params = error.params as Record<string, unknown>;
  let reason: string;
  let anchor = anchorOf(node);
  switch (error.keyword) {
    case 'required':
      reason = `${where} needs "${String(params['missingProperty'])}"`;
      break;
    case 'additionalProperties': {
      const extra = String(params['additionalProperty']);
      const keyNode = node.type === 'object' ? lastPropertiesOf(node).get(extra)?.keyNode : undefined;
      if (keyNode !== undefined) anchor = { offset: keyNode.offset, length: keyNode.length };
      reason = `${where} has no setting "${extra}"${knownKeys(segments)}`;
      break;
    }
    case 'enum':
      reason = `${where} must be one of ${(params['allowedValues'] as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
      break;
    case 'type':
      reason = `${where} must be ${article(String(params['type']))}`;
      break;
    case 'pattern':
      reason =
        segments.at(-1) === 'tool' || segments.includes('allowTools') || segments.includes('noCallsTo')
          ? `${where} must name a tool as "server/tool"`
          : `${where} must not be empty`;
      break;
    default:
      reason = `${where} ${error.message ?? 'does not match the schema'}`;
  }
  problems.add({ code: 'schema', severity: 'error', ...anchor, reason, path: getNodePath(node) });
}

/** The keys allowed where an unknown one was written, for the reason. */
function knownKeys(segments: readonly string[]): string {
  const last = segments.at(-1);
  const keys =
    segments.length === 0
      ? 'mcpServers, allowTools, targets, maxSteps, system, cases'
      : segments[0] === 'targets'
        ? 'format, model, baseUrl, label'
        : last === 'expect'
          ? 'calls, anyOrder, noCallsTo, answerMatches'
          : segments[0] === 'cases' && segments.length === 2
            ? 'name, prompt, expect, repeat, maxSteps, system'
            : segments.includes('calls')
              ? 'tool, arguments'
              : undefined;
  return keys === undefined ? '' : ` (it takes ${keys})`;
}

function article(type: string): string {
  const words = type.split(',').map((word) => (word === 'object' || word === 'array' || word === 'integer' ? `an ${word}` : `a ${word}`));
  return words.join(' or ');
}

/** The checked value as an EvalFile (the schema has passed, so the shapes hold). */
function toEvalFile(value: Record<string, unknown>, servers: ServerConfig[] | undefined): EvalFile {
  const file: EvalFile = {
    targets: ((value['targets'] as EvalTarget[] | undefined) ?? []).map((target) => ({ ...target })),
    cases: (value['cases'] as Array<Record<string, unknown>>).map(toCase),
  };
  if (servers !== undefined) file.servers = servers;
  if (Array.isArray(value['allowTools'])) file.allowTools = [...(value['allowTools'] as string[])];
  if (typeof value['maxSteps'] === 'number') file.maxSteps = value['maxSteps'];
  if (typeof value['system'] === 'string') file.system = value['system'];
  return file;
}

function toCase(value: Record<string, unknown>): EvalCase {
  const item: EvalCase = {
    name: value['name'] as string,
    prompt: value['prompt'] as string,
    expect: { ...(value['expect'] as Expectation) },
    repeat: typeof value['repeat'] === 'number' ? value['repeat'] : 1,
  };
  if (typeof value['maxSteps'] === 'number') item.maxSteps = value['maxSteps'];
  if (typeof value['system'] === 'string') item.system = value['system'];
  return item;
}
