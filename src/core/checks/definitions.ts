/**
 * Definition checks: tool schemas valid in the era's dialect, what each wire format Glassbox speaks
 * accepts of each tool (the registry's own provider-schema rules), names and descriptions,
 * collisions with the config's other servers, annotations, resources, templates and prompts.
 */
import { WIRE_FORMAT_IDS, PROVIDERS } from '../providers';
import { checkToolName } from '../providers/tool-name';
import { toProviderSchema } from '../tools';
import { inputSchemaProblems } from '../mcp/check-tool-list';
import { parseUriTemplate } from '../uri-template';
import type { Observation } from './observe';
import { dialectProblems, DEFAULT_DIALECT } from './schema-dialect';
import { finding, JSON_SCHEMA_2020, PROVIDER_RULES, RFC_3986, RFC_6570, RFC_6838, show, spec } from './rules';
import type { CheckEra, CheckFinding, ConfigNeighbour } from './types';

const category = 'definitions' as const;
const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;.*)?$/;

type Item = Record<string, unknown>;

const firstPage = (seen: Observation, kind: 'tools' | 'prompts' | 'resources' | 'templates'): number | undefined =>
  seen.lists[kind]?.pages[0]?.exchangeId;

/** A short description: fewer than four words or twenty characters. */
const isShort = (text: string): boolean => text.trim().split(/\s+/).length < 4 || text.trim().length < 20;

/** One schema's problems in the era's dialect. */
function schemaFindings(
  era: CheckEra,
  tool: string,
  which: 'inputSchema' | 'outputSchema',
  schema: unknown,
  exchangeId: number | undefined,
): CheckFinding {
  const problems = which === 'inputSchema' ? inputSchemaProblems(schema).map((text) => text.replace(/^its /, '')) : [];
  const dialect = schema && typeof schema === 'object' ? (schema as Item).$schema : undefined;
  const other = typeof dialect === 'string' && dialect.replace(/#$/, '') !== DEFAULT_DIALECT;
  if (!other) problems.push(...dialectProblems(schema));
  const severity = problems.length > 0 ? 'fail' : other ? 'info' : 'pass';
  return finding({
    id: which === 'inputSchema' ? 'definitions.input-schema' : 'definitions.output-schema',
    subject: tool,
    severity,
    category,
    title:
      severity === 'fail'
        ? `${tool}: ${which} is not valid JSON Schema`
        : other
          ? `${tool}: ${which} names another dialect (${show(dialect, 60)})`
          : `${tool}: ${which} is valid JSON Schema 2020-12`,
    expected: `a JSON Schema 2020-12 object${which === 'inputSchema' ? ' with "type": "object" at the root' : ''}`,
    actual: problems.length > 0 ? problems.join('; ') : other ? `$schema ${show(dialect)}, not checked` : 'valid',
    rule: severity === 'fail' ? spec(era, 'basic#json-schema-usage', 'JSON Schema usage') : JSON_SCHEMA_2020,
    fix:
      severity === 'fail'
        ? `Correct the ${which} at the path named; MCP schemas are JSON Schema 2020-12 unless $schema says otherwise.`
        : 'Prefer JSON Schema 2020-12, the dialect the spec names.',
    exchangeIds: [exchangeId],
  });
}

/** What each wire format accepts of one tool. */
function providerFindings(tool: Item, name: string, exchangeId: number | undefined): CheckFinding[] {
  const out: CheckFinding[] = [];
  for (const format of WIRE_FORMAT_IDS) {
    const label = PROVIDERS[format].label ?? format;
    const rule = PROVIDER_RULES[format] ?? { label: `${label}: tools`, url: 'https://modelcontextprotocol.io' };
    const result = toProviderSchema(tool.inputSchema, format);
    const nameProblem = checkToolName(name);
    const changed = result.warnings.filter((warning) => warning.type === 'other' && warning.level === 'warning');
    const unsupported = result.warnings.filter((warning) => warning.type === 'unsupported');
    const problems = [
      ...(nameProblem ? [`the name must match ^[a-zA-Z0-9_-]{1,64}$`] : []),
      ...changed.map((warning) => `${warning.path}: ${warning.message}`),
    ];
    const subject = `${name} @ ${format}`;
    if (problems.length > 0) {
      out.push(
        finding({
          id: 'definitions.provider-rejects',
          subject,
          severity: 'fail',
          category,
          title: `${label} rejects ${name} as the server sends it`,
          expected: `a tool definition ${label} accepts`,
          actual: problems.join('; '),
          rule,
          fix: nameProblem
            ? `Rename the tool to letters, digits, _ and - only (at most 64), e.g. ${name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)}.`
            : `Change the schema as described (${changed[0]!.path}); Glassbox repairs it, other clients send it as is.`,
          exchangeIds: [exchangeId],
        }),
      );
    } else if (unsupported.length > 0) {
      out.push(
        finding({
          id: 'definitions.provider-ignores',
          subject,
          severity: 'warn',
          category,
          title: `${label} ignores part of ${name}'s schema`,
          expected: 'only keywords the format honours',
          actual: unsupported.map((warning) => `${warning.path}: ${warning.message}`).join('; '),
          rule,
          fix: 'Drop the keywords named, or describe the constraint in the property description.',
          exchangeIds: [exchangeId],
        }),
      );
    } else {
      out.push(
        finding({
          id: 'definitions.provider-rejects',
          subject,
          severity: 'pass',
          category,
          title: `${label} accepts ${name}`,
          expected: `a tool definition ${label} accepts`,
          actual: 'accepted as sent',
          rule,
          exchangeIds: [exchangeId],
        }),
      );
    }
    if (format !== 'anthropic' && !result.strictCompatible) {
      out.push(
        finding({
          id: 'definitions.strict-mode',
          subject,
          severity: 'info',
          category,
          title: `${label} strict mode would reject ${name}'s schema`,
          expected: 'every property required, additionalProperties: false, only supported keywords',
          actual: PROVIDERS[format].schema.strictNote?.(false) ?? 'not strict-compatible',
          rule,
          fix: 'List every property in required (optional ones as a type union with null) and set additionalProperties: false.',
          exchangeIds: [exchangeId],
        }),
      );
    }
  }
  return out;
}

/** Every tool's checks, and those across tools (identical descriptions, collisions). */
export function toolDefinitionChecks(seen: Observation, neighbours: readonly ConfigNeighbour[] = []): CheckFinding[] {
  const era = seen.era;
  const tools = seen.lists.tools?.items ?? [];
  if (!era || tools.length === 0) return [];
  const exchangeId = firstPage(seen, 'tools');
  const toolRule = spec(era, 'server/tools#tool', 'tools: the Tool type');
  const out: CheckFinding[] = [];
  const byDescription = new Map<string, string[]>();
  for (const tool of tools) {
    const name = typeof tool.name === 'string' ? tool.name : '';
    if (!MCP_TOOL_NAME.test(name)) {
      out.push(
        finding({
          id: 'definitions.tool-name',
          subject: name,
          severity: 'warn',
          category,
          title: `Tool name ${show(name, 60)} breaks the MCP naming rule`,
          expected: '1 to 128 of A–Z, a–z, 0–9, _, - and .',
          actual: show(name),
          rule: spec(era, 'server/tools#tool-names', 'tool names'),
          fix: 'Use only letters, digits, _, - and . in tool names.',
          exchangeIds: [exchangeId],
        }),
      );
    }
    out.push(schemaFindings(era, name, 'inputSchema', tool.inputSchema, exchangeId));
    if (tool.outputSchema !== undefined) out.push(schemaFindings(era, name, 'outputSchema', tool.outputSchema, exchangeId));
    out.push(...providerFindings(tool, name, exchangeId));
    const description = typeof tool.description === 'string' ? tool.description : '';
    if (description.trim() === '') {
      out.push(
        finding({
          id: 'definitions.description',
          subject: name,
          severity: 'warn',
          category,
          title: `${name} has no description`,
          expected: 'a sentence that tells the model when to use the tool',
          actual: 'none',
          rule: toolRule,
          fix: 'Describe what the tool does and when to use it, in a sentence or two.',
          exchangeIds: [exchangeId],
        }),
      );
    } else if (isShort(description)) {
      out.push(
        finding({
          id: 'definitions.description',
          subject: name,
          severity: 'info',
          category,
          title: `${name}'s description is shorter than a sentence`,
          expected: 'a sentence that tells the model when to use the tool',
          actual: show(description),
          rule: toolRule,
          fix: 'Say what the tool does, what it returns and when to use it.',
          exchangeIds: [exchangeId],
        }),
      );
    } else {
      byDescription.set(description, [...(byDescription.get(description) ?? []), name]);
    }
    const annotations = (tool.annotations ?? {}) as Item;
    if (annotations.readOnlyHint === true && annotations.destructiveHint === true) {
      out.push(
        finding({
          id: 'definitions.annotations',
          subject: name,
          severity: 'warn',
          category,
          title: `${name} is marked both read-only and destructive`,
          expected: 'destructiveHint only on tools that modify (readOnlyHint false)',
          actual: 'readOnlyHint: true, destructiveHint: true',
          rule: spec(era, 'server/tools#tool-annotations', 'tool annotations'),
          fix: 'Drop destructiveHint from a read-only tool, or set readOnlyHint false.',
          exchangeIds: [exchangeId],
        }),
      );
    }
  }
  for (const [description, names] of byDescription) {
    if (names.length < 2) continue;
    out.push(
      finding({
        id: 'definitions.description-duplicate',
        subject: names.join(', '),
        severity: 'warn',
        category,
        title: `${names.length} tools share one description`,
        expected: 'a description that tells tools apart',
        actual: show(description),
        rule: toolRule,
        fix: 'Give each tool a description of its own.',
        exchangeIds: [exchangeId],
      }),
    );
  }
  const mine = new Set(tools.map((tool) => String(tool.name)));
  for (const neighbour of neighbours) {
    for (const tool of neighbour.tools) {
      if (!mine.has(tool.name)) continue;
      out.push(
        finding({
          id: 'definitions.name-collision',
          subject: tool.name,
          severity: 'warn',
          category,
          title: `${tool.name} is also a tool of ${neighbour.server}`,
          expected: 'tool names unique in the config',
          actual: `both this server and ${neighbour.server} offer ${tool.name}`,
          rule: spec(era, 'server/tools#tool-names', 'tool names'),
          fix: "Prefix the tool names with the server's purpose so a model can tell them apart.",
          exchangeIds: [exchangeId],
        }),
      );
    }
  }
  return out;
}

/** Resources (URIs, names, mime types), templates (RFC 6570) and prompts (names, descriptions, arguments). */
export function otherDefinitionChecks(seen: Observation): CheckFinding[] {
  const era = seen.era;
  if (!era) return [];
  const out: CheckFinding[] = [];
  const resourceRule = spec(era, 'server/resources#resource', 'resources: the Resource type');
  const listedResources = seen.lists.resources?.items ?? [];
  for (const resource of listedResources) {
    const uri = typeof resource.uri === 'string' ? resource.uri : '';
    const problems: string[] = [];
    if (!URL.canParse(uri)) problems.push(`uri ${show(uri, 80)} is not an absolute URI`);
    if (typeof resource.name !== 'string' || resource.name === '') problems.push('no name');
    const mime = resource.mimeType;
    const badMime = mime !== undefined && (typeof mime !== 'string' || !MIME_TYPE.test(mime));
    if (problems.length > 0 || badMime)
      out.push(
        finding({
          id: 'definitions.resource',
          subject: uri,
          severity: problems.length > 0 ? 'fail' : 'warn',
          category,
          title: `Resource ${show(uri, 60)} is not well-formed`,
          expected: 'an absolute uri, a name, and a mime type like text/plain',
          actual: [...problems, ...(badMime ? [`mimeType ${show(mime)}`] : [])].join('; '),
          rule: problems.length > 0 ? (problems[0]!.startsWith('uri') ? RFC_3986 : resourceRule) : RFC_6838,
          fix: 'Give every resource an absolute URI with a scheme, a name, and a valid mimeType.',
          exchangeIds: [firstPage(seen, 'resources')],
        }),
      );
  }
  if (listedResources.length > 0 && !out.some((entry) => entry.id === 'definitions.resource'))
    out.push(
      finding({
        id: 'definitions.resource',
        severity: 'pass',
        category,
        title: `${listedResources.length} resource(s) well-formed`,
        expected: 'absolute URIs, names, valid mime types',
        actual: 'as expected',
        rule: resourceRule,
        exchangeIds: [firstPage(seen, 'resources')],
      }),
    );
  for (const template of seen.lists.templates?.items ?? []) {
    const text = typeof template.uriTemplate === 'string' ? template.uriTemplate : '';
    let problem: string | undefined;
    try {
      parseUriTemplate(text);
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (problem || typeof template.name !== 'string')
      out.push(
        finding({
          id: 'definitions.resource-template',
          subject: text,
          severity: 'fail',
          category,
          title: `Template ${show(text, 60)} is not a valid RFC 6570 template`,
          expected: 'a valid URI template and a name',
          actual: problem ?? 'no name',
          rule: problem ? RFC_6570 : resourceRule,
          fix: 'Write the template per RFC 6570 (e.g. file:///{path}) and give it a name.',
          exchangeIds: [firstPage(seen, 'templates')],
        }),
      );
  }
  const promptRule = spec(era, 'server/prompts#prompt', 'prompts: the Prompt type');
  for (const prompt of seen.lists.prompts?.items ?? []) {
    const name = typeof prompt.name === 'string' ? prompt.name : '';
    const problems: string[] = [];
    if (name === '') problems.push('no name');
    const args = prompt.arguments;
    if (args !== undefined) {
      if (!Array.isArray(args)) problems.push('arguments is not a list');
      else {
        const names = args.map((arg) => (arg && typeof arg === 'object' ? (arg as Item).name : undefined));
        if (names.some((entry) => typeof entry !== 'string' || entry === '')) problems.push('an argument has no name');
        const dupes = names.filter((entry, index) => names.indexOf(entry) !== index);
        if (dupes.length > 0) problems.push(`argument ${show(dupes[0])} is listed twice`);
      }
    }
    const noDescription = typeof prompt.description !== 'string' || prompt.description === '';
    if (problems.length > 0 || noDescription)
      out.push(
        finding({
          id: 'definitions.prompt',
          subject: name,
          severity: problems.length > 0 ? 'fail' : 'warn',
          category,
          title: problems.length > 0 ? `Prompt ${show(name, 60)} is not well-formed` : `Prompt ${name} has no description`,
          expected: 'a name, a description, and arguments each with a unique name',
          actual: problems.length > 0 ? problems.join('; ') : 'no description',
          rule: promptRule,
          fix: 'Name every prompt and argument (unique names) and describe the prompt.',
          exchangeIds: [firstPage(seen, 'prompts')],
        }),
      );
  }
  return out;
}
