/**
 * Runs one tool call the model asked for, from name to result: resolve the public name,
 * check the arguments (bad ones never reach a server), apply the person's policy (asking when
 * needed), call the MCP server or the local tool, and project the result for the model. Never
 * throws: every failure becomes a `toolFailureResult` in the one shape the model knows.
 */
import { hasInvalidArguments } from '../providers';
import {
  checkOutput,
  projectToolResult,
  toolFailureResult,
  validateArguments,
  type PolicyStore,
  type RegisteredTool,
  type ToolFailureCategory,
  type ToolRegistry,
} from '../tools';
import { raceAbort, type ApprovalDecision } from './approval-gate';
import { classifyToolError } from './classify-tool-error';
import type { ToolCallGuard, ToolCallItem } from './session-types';
import type { GuardFinding } from '../guard';
import type { ModelToolResult, NeutralPart } from '../conversation';
import { isPlainObject } from '../shared/json';

/** A tool call part of an assistant message. */
export type ToolCallPart = Extract<NeutralPart, { type: 'tool-call' }>;

/** A tool result part of a tool message. */
export type ToolResultPart = Extract<NeutralPart, { type: 'tool-result' }>;

/** Progress of a running MCP call, as `notifications/progress` reports it. */
interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options the MCP side receives for one call. */
export interface McpCallOptions {
  signal: AbortSignal;
  toolCallId: string;
  onProgress: (progress: ToolProgress) => void;
  timeoutMs?: number;
}

/** Calls a tool on an MCP server; resolves to its CallToolResult. */
export type CallMcpTool = (server: string, remoteName: string, args: Record<string, unknown>, options: McpCallOptions) => Promise<unknown>;

/** What executeToolCall needs. */
export interface ToolCallContext {
  registry: ToolRegistry;
  policies: PolicyStore;
  callMcpTool: CallMcpTool;
  /** The guard's findings on a tool's text, copied onto the call when it asks. */
  findingsFor?: (server: string, tool: string) => GuardFinding[];
  /** Per-server timeout in milliseconds; undefined = the connection's default. */
  timeoutFor?: (server: string) => number | undefined;
  /** Aborted by stop(). */
  signal: AbortSignal;
  now(): number;
  /** Waits for the person's decision on this call. */
  waitForApproval(toolCallId: string, signal: AbortSignal): Promise<ApprovalDecision>;
  /** Applies a change to the call's chat item. */
  update(patch: (item: ToolCallItem) => ToolCallItem): void;
  /** Called when the tool really starts and ends (for the timeline). */
  onRunStart?(): void;
  onRunEnd?(): void;
  /** Most text characters the model receives from one result. Default is projectToolResult's. */
  maxResultChars?: number;
}

/** Longest list of tool names quoted back to a model that called an unknown one. */
const MAX_LISTED_TOOLS = 30;

/** Runs one tool call and returns the result part for the next request. */
export async function executeToolCall(call: ToolCallPart, context: ToolCallContext): Promise<ToolResultPart> {
  const modelResult = await runCall(call, context);
  return { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, result: modelResult };
}

async function runCall(call: ToolCallPart, context: ToolCallContext): Promise<ModelToolResult> {
  const { signal } = context;
  const fail = (category: ToolFailureCategory, detail: string): ModelToolResult => {
    const result = toolFailureResult(category, detail);
    context.update((item) => ({
      ...item,
      status: 'failed',
      failure: { category, message: detail },
      modelResult: result,
      endedAt: item.endedAt ?? context.now(),
    }));
    return result;
  };

  if (signal.aborted) return fail('cancelled', 'Stopped before the call started.');

  const tool = context.registry.resolve(call.toolName);
  if (!tool) {
    const names = context.registry.list().map((entry) => entry.publicName);
    const listed =
      names.length === 0
        ? 'No tools are available.'
        : `Available tools: ${names.slice(0, MAX_LISTED_TOOLS).join(', ')}${names.length > MAX_LISTED_TOOLS ? ', …' : ''}.`;
    return fail('unknown-tool', `No tool is named "${call.toolName}". ${listed}`);
  }
  context.update((item) => describeTool(item, tool));

  if (hasInvalidArguments(call)) {
    return fail('invalid-arguments', `The arguments are not valid JSON: ${excerpt(call.rawArguments ?? '')}`);
  }
  const validation = validateArguments(tool.inputSchema, call.input);
  if (!validation.ok) return fail('invalid-arguments', validation.summary);
  const args = (isPlainObject(call.input) ? call.input : {}) as Record<string, unknown>;

  const policy = context.policies.effectivePolicy(tool.server, tool.remoteName, tool.annotations);
  if (policy === 'deny') {
    context.update((item) => ({ ...item, decision: 'denied-by-policy' }));
    return fail('denied', `The tool policy for ${tool.server}/${tool.remoteName} is "deny"; the call was not made.`);
  }
  if (policy === 'ask') {
    const guard = guardNote(tool, context);
    context.update((item) => ({ ...item, status: 'awaiting-approval', ...(guard ? { guard } : {}) }));
    let decision: ApprovalDecision;
    try {
      decision = await context.waitForApproval(call.toolCallId, signal);
    } catch (error) {
      return fail('cancelled', signal.aborted ? 'Stopped while waiting for approval.' : classifyToolError(error, signal).message);
    }
    if (decision === 'deny') {
      context.update((item) => ({ ...item, decision: 'denied' }));
      return fail('denied', 'The person denied this call.');
    }
    // Allowing (once or always) pins the definition the person saw: a later change asks again.
    if (decision === 'always') context.policies.setPolicy(tool.server, tool.remoteName, 'allow');
    else context.policies.pin(tool.server, tool.remoteName);
    context.update((item) => ({ ...item, decision: decision === 'always' ? 'always-allowed' : 'allowed-once' }));
  } else {
    context.update((item) => ({ ...item, decision: 'allowed-by-policy' }));
  }

  if (signal.aborted) return fail('cancelled', 'Stopped before the call started.');
  const startedAt = context.now();
  context.update((item) => ({ ...item, status: 'running', startedAt }));
  context.onRunStart?.();
  let mcpResult: unknown;
  try {
    mcpResult = await raceAbort(invoke(tool, args, call.toolCallId, context), signal);
  } catch (error) {
    const classified = classifyToolError(error, signal);
    return fail(classified.category, classified.message);
  } finally {
    context.onRunEnd?.();
  }

  const projected = projectToolResult(mcpResult, context.maxResultChars === undefined ? {} : { maxTextChars: context.maxResultChars });
  const isToolError = isPlainObject(mcpResult) && mcpResult['isError'] === true;
  const endedAt = context.now();
  const outputCheck = tool.origin === 'mcp' ? checkOutput(tool.outputSchema, mcpResult) : undefined;
  context.update((item) => ({
    ...item,
    status: isToolError ? 'failed' : 'done',
    mcpResult,
    ...(outputCheck ? { outputCheck } : {}),
    modelResult: projected.modelResult,
    truncated: projected.truncated,
    endedAt,
    ...(isToolError ? { failure: { category: 'tool-error', message: resultText(projected.modelResult) } } : {}),
  }));
  return projected.modelResult;
}

/** What the approval card shows about the tool's text: findings, and a change since it was allowed. */
function guardNote(tool: RegisteredTool, context: ToolCallContext): ToolCallGuard | undefined {
  if (tool.origin !== 'mcp') return undefined;
  const findings = context.findingsFor?.(tool.server, tool.remoteName) ?? [];
  const change = context.policies.changeOf(tool.server, tool.remoteName);
  if (findings.length === 0 && change === undefined) return undefined;
  return { findings, ...(change ? { change } : {}) };
}

/** Calls the tool where it lives. */
function invoke(tool: RegisteredTool, args: Record<string, unknown>, toolCallId: string, context: ToolCallContext): Promise<unknown> {
  if (tool.origin === 'local') return tool.run(args, { signal: context.signal, toolCallId });
  const timeoutMs = context.timeoutFor?.(tool.server);
  return context.callMcpTool(tool.server, tool.remoteName, args, {
    signal: context.signal,
    toolCallId,
    onProgress: (progress) => context.update((item) => ({ ...item, progress: { ...progress } })),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
}

function describeTool(item: ToolCallItem, tool: RegisteredTool): ToolCallItem {
  const next: ToolCallItem = { ...item, server: tool.server, remoteName: tool.remoteName, origin: tool.origin };
  if (tool.annotations) next.annotations = { ...tool.annotations };
  return next;
}

function resultText(result: ModelToolResult): string {
  const text = result.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n')
    .trim();
  return text === '' ? 'The tool reported an error without a message.' : excerpt(text, 500);
}

function excerpt(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
