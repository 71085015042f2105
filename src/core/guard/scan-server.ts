/**
 * Findings on everything a server tells the model: tool titles, descriptions, parameter
 * descriptions and enum labels, its instructions, prompt and resource descriptions, and skills (descriptions and SKILL.md bodies). Each
 * finding names the field and the exact span, with a plain reason. Hints, not proof.
 */
import { isPlainObject } from '../shared/json';
import { formatCount } from '../shared/format';
import { describeRun, findInvisibleRuns } from './invisible-chars';
import { findModelDirected } from './model-directed';
import type { GuardField, GuardFieldRole, GuardFinding, GuardFindingKind } from './types';

/** A tool as a server lists it (the fields the scan reads). */
export interface GuardToolText {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  /** Only `title` is text; the hints are booleans. */
  annotations?: Readonly<Record<string, unknown>>;
}

/** Everything one server tells the model in words. */
export interface GuardServerText {
  server: string;
  instructions?: string;
  tools: readonly GuardToolText[];
  prompts?: readonly {
    name: string;
    title?: string;
    description?: string;
    arguments?: readonly { name: string; description?: string }[];
  }[];
  resources?: readonly GuardResourceText[];
  resourceTemplates?: readonly GuardResourceText[];
  /** Skills (the skills extension): each entry's text, and SKILL.md's body once the skill is loaded. */
  skills?: readonly GuardSkillText[];
}

/** A skill as listed, with its SKILL.md body when loaded (the fields the scan reads). */
export interface GuardSkillText {
  uri: string;
  name: string;
  description?: string;
  /** SKILL.md after its frontmatter: instructions the model will follow, scanned like tool text. */
  body?: string;
}

/** A resource or resource template as listed (the fields the scan reads). */
interface GuardResourceText {
  uri?: string;
  uriTemplate?: string;
  name: string;
  title?: string;
  description?: string;
}

/** A tool of another server, which this server's text should have no reason to name. */
export interface OtherTool {
  server: string;
  name: string;
}

/** Longest usual text of each role, in characters; longer is a `length` finding. */
export const USUAL_LENGTH: Readonly<Record<GuardFieldRole, number>> = {
  title: 120,
  description: 2000,
  parameter: 600,
  'enum-label': 120,
  instructions: 4000,
};

/** Characters of context kept on each side of a span. */
const CONTEXT = 40;
/** How deep a schema is walked for text (schemas nest; a hostile one may nest without end). */
const MAX_SCHEMA_DEPTH = 12;
/** Most text fields read from one schema. */
const MAX_SCHEMA_FIELDS = 500;

/** The text fields of one schema: descriptions and titles anywhere, string enum values and consts. */
function schemaFields(schema: unknown, path: string, out: Array<{ field: string; text: string; role: GuardFieldRole }>, depth = 0): void {
  if (depth > MAX_SCHEMA_DEPTH || out.length >= MAX_SCHEMA_FIELDS) return;
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => schemaFields(item, `${path}[${index}]`, out, depth + 1));
    return;
  }
  if (!isPlainObject(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    const here = `${path}.${key}`;
    if ((key === 'description' || key === 'title') && typeof value === 'string') out.push({ field: here, text: value, role: 'parameter' });
    else if ((key === 'enum' || key === 'enumNames' || key === 'examples') && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') out.push({ field: `${here}[${index}]`, text: item, role: 'enum-label' });
      });
    } else if (key === 'const' && typeof value === 'string') out.push({ field: here, text: value, role: 'enum-label' });
    else if (typeof value === 'object' && value !== null) schemaFields(value, here, out, depth + 1);
  }
}

/** Every text field of a server, in a stable order. */
function serverFields(input: GuardServerText): GuardField[] {
  const { server } = input;
  const fields: GuardField[] = [];
  const add = (subject: GuardField['subject'], field: string, text: unknown, role: GuardFieldRole) => {
    if (typeof text === 'string' && text !== '') fields.push({ server, subject, field, text, role });
  };
  add({ type: 'instructions', name: 'instructions' }, 'instructions', input.instructions, 'instructions');
  for (const tool of input.tools) {
    const subject = { type: 'tool' as const, name: tool.name };
    add(subject, 'title', tool.title, 'title');
    add(subject, 'annotations.title', tool.annotations?.title, 'title');
    add(subject, 'description', tool.description, 'description');
    const schemaTexts: Array<{ field: string; text: string; role: GuardFieldRole }> = [];
    schemaFields(tool.inputSchema, 'inputSchema', schemaTexts);
    for (const entry of schemaTexts) add(subject, entry.field, entry.text, entry.role);
  }
  for (const prompt of input.prompts ?? []) {
    const subject = { type: 'prompt' as const, name: prompt.name };
    add(subject, 'title', prompt.title, 'title');
    add(subject, 'description', prompt.description, 'description');
    (prompt.arguments ?? []).forEach((argument, index) =>
      add(subject, `arguments[${index}].description`, argument.description, 'parameter'),
    );
  }
  for (const resource of [...(input.resources ?? []), ...(input.resourceTemplates ?? [])]) {
    const subject = { type: 'resource' as const, name: resource.uri ?? resource.uriTemplate ?? resource.name };
    add(subject, 'title', resource.title, 'title');
    add(subject, 'description', resource.description, 'description');
  }
  for (const skill of input.skills ?? []) {
    const subject = { type: 'skill' as const, name: skill.name };
    add(subject, 'description', skill.description, 'description');
    add(subject, 'SKILL.md', skill.body, 'instructions');
  }
  return fields;
}

/** A tool name distinctive enough that finding it in prose means the tool (not a plain word like `echo`). */
function isDistinctiveName(name: string): boolean {
  return name.length >= 4 && /[_\-.]|[a-z][A-Z]|\d/u.test(name);
}

/** Name-like tokens of prose: word characters joined by `.`, `-` or `_` (a trailing `.` is punctuation). */
const NAME_TOKEN = /[\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)*/gu;

/** Other servers' tools by name (first server wins), only names distinctive enough to mean the tool. */
export function otherToolIndex(others: readonly OtherTool[]): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const other of others) {
    if (isDistinctiveName(other.name) && !index.has(other.name)) index.set(other.name, other.server);
  }
  return index;
}

/** A finding on a span of one field. */
function finding(field: GuardField, kind: GuardFindingKind, start: number, end: number, reason: string): GuardFinding {
  return {
    kind,
    server: field.server,
    subject: field.subject,
    field: field.field,
    start,
    end,
    excerpt: field.text.slice(start, end),
    before: field.text.slice(Math.max(0, start - CONTEXT), start),
    after: field.text.slice(end, end + CONTEXT),
    reason,
  };
}

/** The findings of one field. `others` are the tools of other servers by name (otherToolIndex), looked for in the text. */
function scanField(field: GuardField, others: ReadonlyMap<string, string> = new Map()): GuardFinding[] {
  const findings: GuardFinding[] = [];
  for (const run of findInvisibleRuns(field.text)) {
    findings.push(finding(field, 'invisible-chars', run.start, run.end, describeRun(run)));
    // What tag characters spell is read by the model like any text: check it too.
    if (run.tagText !== undefined && findModelDirected(run.tagText).length > 0) {
      findings.push(
        finding(
          field,
          'model-directed',
          run.start,
          run.end,
          `The hidden text “${run.tagText}” is addressed to the model: ${findModelDirected(run.tagText)[0]?.reason ?? ''}`,
        ),
      );
    }
  }
  for (const match of findModelDirected(field.text)) findings.push(finding(field, 'model-directed', match.start, match.end, match.reason));
  for (const token of field.text.matchAll(NAME_TOKEN)) {
    const owner = others.get(token[0]);
    if (owner === undefined || owner === field.server) continue;
    const start = token.index ?? 0;
    findings.push(
      finding(
        field,
        'shadowing',
        start,
        start + token[0].length,
        `Names “${token[0]}”, a tool of the server “${owner}”: text that mentions another server's tool can steer the model away from it or change how it is used (shadowing).`,
      ),
    );
  }
  const usual = USUAL_LENGTH[field.role];
  if (field.text.length > usual) {
    findings.push(
      finding(
        field,
        'length',
        usual,
        field.text.length,
        `${formatCount(field.text.length)} characters, where this kind of text usually stays under ${formatCount(usual)}: long text can hide instructions in plain sight. The highlight is the part past the usual length.`,
      ),
    );
  }
  return findings.sort((a, b) => a.start - b.start);
}

/** The findings on everything one server tells the model. */
export function scanServer(input: GuardServerText, others: readonly OtherTool[] = []): GuardFinding[] {
  const index = otherToolIndex(others);
  return serverFields(input).flatMap((field) => scanField(field, index));
}
