/**
 * The tools the model can see: a stand-in for every tool of every connected server, plus
 * Glassbox's own local tools, each under a public name valid for both providers. Being listed
 * here is not permission to run (see tool-policy). Framework-free: subscribe/getSnapshot.
 */
import { Store } from '../shared/store';
import type { NeutralToolDefinition } from '../conversation';
import { makePublicNames, PUBLIC_NAME_PATTERN, publicNameKey } from './public-name';
import { PROVIDER_IDS, type ProviderId, type ProviderSchemaResult } from '../providers';
import { toProviderSchema } from './provider-schema';
import { isPlainObject } from '../shared/json';
import { CodedError } from '../shared/coded-error';
import type { McpToolInfo } from '../mcp';
import type { LocalToolDefinition, ToolAnnotations } from './types';
import { isAppOnly } from '../mcp';

/** The server name under which local tools are listed; a configured server may not use it. */
export const LOCAL_SERVER = 'local';

/** Fields every registered tool has. */
interface RegisteredToolBase {
  /** The name the model sees and calls. */
  publicName: string;
  /** The server's name in mcp.json, or `local`. */
  server: string;
  /** The tool's own name on its server (what `tools/call` sends). */
  remoteName: string;
  title?: string;
  description: string;
  /** The schema as published: arguments are validated against this, not the provider copy. */
  inputSchema: unknown;
  annotations?: ToolAnnotations;
  /** The schema each provider receives, with what was changed or will be ignored. */
  providerSchemas: Record<ProviderId, ProviderSchemaResult>;
}

/** A stand-in for a tool on an MCP server. */
interface RegisteredMcpTool extends RegisteredToolBase {
  origin: 'mcp';
  /** The schema its `structuredContent` should match, as published (checked, never enforced: see check-output.ts). */
  outputSchema?: Record<string, unknown>;
  /** Why the model is not offered this tool (listed for the person, callable only from its app's view). */
  hiddenFromModel?: string;
}

/** A tool implemented in the page. */
interface RegisteredLocalTool extends RegisteredToolBase {
  origin: 'local';
  run: LocalToolDefinition['run'];
}

/** One tool as the registry holds it. */
export type RegisteredTool = RegisteredMcpTool | RegisteredLocalTool;

/** Something wrong with a server's tool list (the tool was skipped). */
export interface RegistryProblem {
  server: string;
  message: string;
}

/** An immutable view of the registry; a new object after every change. */
export interface ToolRegistrySnapshot {
  /** Local tools first, then each server's tools in the order the server listed them. */
  tools: readonly RegisteredTool[];
  problems: readonly RegistryProblem[];
}

/** Error codes of ToolRegistryError. */
export type ToolRegistryErrorCode = 'reserved-server-name' | 'invalid-local-tool-name' | 'duplicate-local-tool';

/** A programming or configuration mistake when filling the registry. */
export class ToolRegistryError extends CodedError<ToolRegistryErrorCode> {
  override readonly name = 'ToolRegistryError';
}

/** A server tool after its untrusted fields were checked. */
interface CleanTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: unknown;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  providerSchemas: Record<ProviderId, ProviderSchemaResult>;
  /** Its `_meta.ui.visibility` leaves the model out. */
  appOnly: boolean;
}

/** Why an app-only tool is not offered to the model. */
const APP_ONLY_REASON = 'Only its MCP App view may call it (_meta.ui.visibility is ["app"]): not offered to the model.';

/** The schema each wire format would send, by format. */
function providerSchemasFor(inputSchema: unknown): Record<ProviderId, ProviderSchemaResult> {
  return Object.fromEntries(PROVIDER_IDS.map((provider) => [provider, toProviderSchema(inputSchema, provider)])) as Record<
    ProviderId,
    ProviderSchemaResult
  >;
}

function cleanAnnotations(value: unknown): ToolAnnotations | undefined {
  if (!isPlainObject(value)) return undefined;
  const annotations: ToolAnnotations = {};
  if (typeof value.title === 'string') annotations.title = value.title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof value[hint] === 'boolean') annotations[hint] = value[hint];
  }
  return annotations;
}

/** Holds the tools of every connected server plus local tools. */
export class ToolRegistry extends Store<ToolRegistrySnapshot> {
  private readonly servers = new Map<string, { tools: CleanTool[]; problems: RegistryProblem[] }>();
  private readonly localTools = new Map<
    string,
    { definition: LocalToolDefinition; providerSchemas: Record<ProviderId, ProviderSchemaResult> }
  >();
  private byPublicName = new Map<string, RegisteredTool>();
  /** Runs every local tool in place of its own `run` while set (see answerLocalCalls). */
  private localStandIn: LocalToolDefinition['run'] | undefined;

  constructor() {
    super(Object.freeze({ tools: Object.freeze([]), problems: Object.freeze([]) }));
  }

  /** Replaces the tools of one server (after `tools/list`, or a list-changed notification). */
  setServerTools(server: string, tools: readonly McpToolInfo[]): void {
    if (server === LOCAL_SERVER) {
      throw new ToolRegistryError(
        'reserved-server-name',
        `The server name "${LOCAL_SERVER}" is reserved for Glassbox's own tools; rename the server in mcp.json.`,
      );
    }
    const clean: CleanTool[] = [];
    const problems: RegistryProblem[] = [];
    const seen = new Set<string>();
    (Array.isArray(tools) ? tools : []).forEach((tool: unknown, index) => {
      if (!isPlainObject(tool) || typeof tool.name !== 'string' || tool.name === '') {
        problems.push({ server, message: `Tool #${index + 1} has no name and was skipped.` });
        return;
      }
      if (seen.has(tool.name)) {
        problems.push({ server, message: `The server lists "${tool.name}" more than once; only the first is used.` });
        return;
      }
      seen.add(tool.name);
      const entry: CleanTool = {
        name: tool.name,
        description: typeof tool.description === 'string' ? tool.description : '',
        inputSchema: tool.inputSchema,
        providerSchemas: providerSchemasFor(tool.inputSchema),
        appOnly: isAppOnly(tool),
      };
      if (typeof tool.title === 'string') entry.title = tool.title;
      if (isPlainObject(tool.outputSchema)) entry.outputSchema = tool.outputSchema;
      const annotations = cleanAnnotations(tool.annotations);
      if (annotations) entry.annotations = annotations;
      clean.push(entry);
    });
    this.servers.set(server, { tools: clean, problems });
    this.rebuild();
  }

  /** Removes a server's tools (disconnected or removed from the configuration). */
  removeServer(server: string): void {
    if (this.servers.delete(server)) this.rebuild();
  }

  /** Adds a local tool; returns a function that removes it again. */
  registerLocalTool(definition: LocalToolDefinition): () => void {
    if (!PUBLIC_NAME_PATTERN.test(definition.name)) {
      throw new ToolRegistryError(
        'invalid-local-tool-name',
        `Local tool name "${definition.name}" must match ${PUBLIC_NAME_PATTERN.source}.`,
      );
    }
    if (this.localTools.has(definition.name)) {
      throw new ToolRegistryError('duplicate-local-tool', `A local tool named "${definition.name}" is already registered.`);
    }
    this.localTools.set(definition.name, { definition, providerSchemas: providerSchemasFor(definition.inputSchema) });
    this.rebuild();
    return () => {
      if (this.localTools.get(definition.name)?.definition === definition) {
        this.localTools.delete(definition.name);
        this.rebuild();
      }
    };
  }

  /**
   * Answers every local tool's calls with `run` instead of the tool's own (a repro's replay
   * answers them as recorded: a local tool's result, such as a new reminder's id, is not the
   * same twice); `undefined` gives the tools their own `run` back.
   */
  answerLocalCalls(run: LocalToolDefinition['run'] | undefined): void {
    this.localStandIn = run;
    this.rebuild();
  }

  /** Every tool, local first. */
  list(): RegisteredTool[] {
    return [...this.getSnapshot().tools];
  }

  /** The tools of one server (`local` for local tools). */
  toolsOf(server: string): RegisteredTool[] {
    return this.getSnapshot().tools.filter((tool) => tool.server === server);
  }

  /** The tool behind a public name the model used, if there is one (never one hidden from the model). */
  resolve(publicName: string): RegisteredTool | undefined {
    const tool = this.byPublicName.get(publicName);
    return tool && !isHiddenFromModel(tool) ? tool : undefined;
  }

  /** Tool definitions for a model request, with the provider's schema; `include` filters. */
  definitionsFor(provider: ProviderId, include?: (tool: RegisteredTool) => boolean): NeutralToolDefinition[] {
    return this.getSnapshot()
      .tools.filter((tool) => !isHiddenFromModel(tool) && (include ? include(tool) : true))
      .map((tool) => ({
        name: tool.publicName,
        description: tool.description,
        inputSchema: tool.providerSchemas[provider].schema,
      }));
  }

  private rebuild(): void {
    const reserved = [...this.localTools.keys()];
    // By server name, not by when each connected: the tools a model request offers (and the public
    // names a collision gives) are the same whichever server answered first.
    const servers = [...this.servers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const entries: Array<{ server: string; tool: string }> = [];
    for (const [server, record] of servers) {
      for (const tool of record.tools) entries.push({ server, tool: tool.name });
    }
    const names = makePublicNames(entries, reserved);

    const tools: RegisteredTool[] = [];
    for (const { definition, providerSchemas } of this.localTools.values()) {
      const tool: RegisteredLocalTool = {
        publicName: definition.name,
        origin: 'local',
        server: LOCAL_SERVER,
        remoteName: definition.name,
        description: definition.description,
        inputSchema: definition.inputSchema,
        providerSchemas: withSubject(providerSchemas, definition.name),
        run: this.localStandIn ?? definition.run,
      };
      if (definition.title !== undefined) tool.title = definition.title;
      if (definition.annotations !== undefined) tool.annotations = definition.annotations;
      tools.push(Object.freeze(tool));
    }
    for (const [server, record] of servers) {
      for (const clean of record.tools) {
        const publicName = names.get(publicNameKey(server, clean.name));
        if (publicName === undefined) continue; // cannot happen: every entry gets a name
        const tool: RegisteredMcpTool = {
          publicName,
          origin: 'mcp',
          server,
          remoteName: clean.name,
          description: clean.description || clean.title || '',
          inputSchema: clean.inputSchema,
          providerSchemas: withSubject(clean.providerSchemas, publicName),
        };
        if (clean.title !== undefined) tool.title = clean.title;
        if (clean.annotations !== undefined) tool.annotations = clean.annotations;
        if (clean.outputSchema !== undefined) tool.outputSchema = clean.outputSchema;
        if (clean.appOnly) tool.hiddenFromModel = APP_ONLY_REASON;
        tools.push(Object.freeze(tool));
      }
    }

    this.byPublicName = new Map(tools.map((tool) => [tool.publicName, tool]));
    const problems = [...this.servers.values()].flatMap((record) => record.problems);
    this.publish(Object.freeze({ tools: Object.freeze(tools), problems: Object.freeze(problems) }));
  }
}

/** True when the model is not offered this tool (see `hiddenFromModel`). */
function isHiddenFromModel(tool: RegisteredTool): boolean {
  return tool.origin === 'mcp' && tool.hiddenFromModel !== undefined;
}

/** Labels each schema warning with the tool's public name. */
function withSubject(schemas: Record<ProviderId, ProviderSchemaResult>, subject: string): Record<ProviderId, ProviderSchemaResult> {
  const labelled = {} as Record<ProviderId, ProviderSchemaResult>;
  for (const provider of PROVIDER_IDS) {
    const result = schemas[provider];
    labelled[provider] = { ...result, warnings: result.warnings.map((warning) => ({ ...warning, subject })) };
  }
  return labelled;
}
