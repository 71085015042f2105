/**
 * The tools capability: listing (strict, with a lenient fallback so one bad tool does not lose
 * the list), refreshing on `notifications/tools/list_changed`, and calling a tool.
 */
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { checkToolList } from '../check-tool-list';
import type { McpCall } from '../call-registry';
import { ANY_OBJECT_RESULT } from './task-wire';
import type { McpToolInfo } from '../server-items';
import type { CapabilityHost, CapabilityLoad, CapabilityModule, CapabilityRequest } from './capability';
import { refreshOnListChanged } from './listed-items';
import { paramHeaders } from '../param-headers';

/** Options for one tool call. */
export interface CallToolOptions {
  signal?: AbortSignal;
  toolCallId?: string;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  timeoutMs?: number;
}

/** The key of a created task: a symbol, which no server's JSON can carry. */
export const CREATED_TASK = Symbol('created task');

/** A task the server made of a tool call instead of answering it (read by the tasks capability). */
export interface CreatedTask {
  /** The result as the server sent it: 2025 `CreateTaskResult { task }`, or a 2026 `resultType: "task"` handle. */
  [CREATED_TASK]: Record<string, unknown>;
}

/** True when a call's answer is a created task rather than the tool's result. */
export function isCreatedTask(answer: CallToolResult | CreatedTask): answer is CreatedTask {
  return CREATED_TASK in answer;
}

/** A Standard Schema that accepts any page of tools/list, so one bad tool does not lose the whole list. */
const LENIENT_TOOL_PAGE = {
  '~standard': {
    version: 1 as const,
    vendor: 'glassbox',
    validate(value: unknown) {
      const page = value as { tools?: unknown; nextCursor?: unknown } | null;
      if (typeof page !== 'object' || page === null || !Array.isArray(page.tools))
        return { issues: [{ message: 'tools/list result has no tools array' }] };
      return { value: { tools: page.tools as unknown[], nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : undefined } };
    },
  },
};

/** Most pages of a tools/list followed by the lenient listing. */
const MAX_TOOL_PAGES = 64;

/** The SDK's error code for a result its schema rejected. */
function isInvalidResult(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'INVALID_RESULT';
}

/** The tools/list requests a call sent so far (one per page). */
const pagesOf = (call: McpCall): number => call.requests.filter((request) => request.method === 'tools/list').length;

/** The tools capability of one connection. */
export class ToolsCapability implements CapabilityModule {
  readonly name = 'tools';
  readonly loadMethods = ['tools/list'] as const;
  /** The tools as last listed, by name. */
  private listed = new Map<string, McpToolInfo>();

  constructor(private readonly host: CapabilityHost) {}

  /** The list is refetched here (leniently, with the checks) rather than by the SDK's strict listing. */
  clientOptions() {
    return { listChanged: { tools: refreshOnListChanged('tools', () => this.refresh(), this.host) } };
  }

  /**
   * Lists every tool. The SDK's own listing follows `nextCursor` to the end and caches the list it
   * uses to validate structured results; when its schema rejects the list (a tool whose input
   * schema is not an object, say), the pages are fetched again leniently so no tool is lost.
   * Either way the list is checked here: duplicates dropped, invalid schemas flagged.
   */
  async load(client: Client, call: McpCall): Promise<CapabilityLoad> {
    if (!client.getServerCapabilities()?.tools) return { state: { tools: [], toolPages: 0 }, warnings: [] };
    const options = { timeout: this.host.timeoutMs(), signal: call.controller.signal };
    let raw: readonly unknown[];
    let pages: number;
    try {
      raw = (await client.listTools(undefined, { ...options, cacheMode: 'refresh' })).tools;
      pages = pagesOf(call);
    } catch (error) {
      if (!isInvalidResult(error)) throw error;
      const strict = pagesOf(call);
      raw = await this.listLeniently(client, options);
      pages = pagesOf(call) - strict;
    }
    const checked = checkToolList(raw);
    this.listed = new Map(checked.tools.map((tool) => [tool.name, tool]));
    return { state: { tools: checked.tools, toolPages: pages }, warnings: checked.warnings };
  }

  /** Every page of tools/list, each entry kept as sent (checked afterwards by checkToolList). */
  private async listLeniently(client: Client, options: { timeout: number; signal: AbortSignal }): Promise<unknown[]> {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const result = (await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        LENIENT_TOOL_PAGE,
        options,
      )) as {
        tools: unknown[];
        nextCursor?: string;
      };
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  /** Fetches the tool list again. */
  async refresh(): Promise<void> {
    const listed = await this.host.request({ methods: this.loadMethods }, (client, call) => this.load(client, call));
    this.host.loaded(this.name, listed);
  }

  /** The listed definition of a tool with no outputSchema (the SDK then validates nothing). */
  private withoutOutputSchema(name: string): Tool {
    const { outputSchema: _output, problems: _problems, ...tool } = this.listed.get(name) ?? { name, inputSchema: { type: 'object' } };
    return tool as Tool;
  }

  /**
   * Calls a tool. In the 2025 era the SDK sends notifications/cancelled when the signal aborts or
   * the timeout passes (and the request's stream is closed); in the 2026 era closing the stream is
   * the cancellation. With `task` (2025-11-25) the request is task-augmented and answers with the
   * task it created; a 2026 server may answer with a task handle of its own accord.
   */
  call(
    name: string,
    args: Record<string, unknown>,
    options: CallToolOptions = {},
    task?: { ttl: number },
  ): Promise<CallToolResult | CreatedTask> {
    const timeout = options.timeoutMs ?? this.host.timeoutMs();
    // A copy of its own: the call's requests are told apart by this very object.
    const callArguments = { ...args };
    const spec: CapabilityRequest = {
      methods: ['tools/call'],
      arguments: callArguments,
      timeoutMs: timeout,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.toolCallId ? { toolCallId: options.toolCallId } : {}),
    };
    return this.host.request(spec, async (client, call) => {
      // SEP-2243: arguments marked x-mcp-header go out as Mcp-Param-* headers too (2026 era only).
      const headers = client.getProtocolEra() === 'modern' ? paramHeaders(this.listed.get(name)?.inputSchema, callArguments) : {};
      // Known once the era is: a failed preflight is then probed for these headers too.
      spec.extraHeaders = Object.keys(headers);
      const requestOptions = {
        ...(Object.keys(headers).length > 0 && { headers }),
        signal: call.controller.signal,
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: timeout * 5,
        onprogress: options.onProgress
          ? (p: { progress: number; total?: number; message?: string }) =>
              options.onProgress?.({ progress: p.progress, total: p.total, message: p.message })
          : undefined,
      };
      if (task) {
        // The SDK's tools/call schema has no CreateTaskResult: the answer is read by the tasks capability.
        const created = await client.request(
          { method: 'tools/call', params: { name, arguments: callArguments, task } },
          ANY_OBJECT_RESULT,
          requestOptions,
        );
        return 'content' in created ? (created as unknown as CallToolResult) : { [CREATED_TASK]: created };
      }
      try {
        // The SDK would throw a result whose structuredContent misses the outputSchema away:
        // Glassbox shows it, with the check's verdict (core/tools/check-output.ts).
        return (await client.callTool(
          { name, arguments: callArguments },
          { ...requestOptions, toolDefinition: this.withoutOutputSchema(name) },
        )) as CallToolResult;
      } catch (error) {
        if (call.taskHandle) return { [CREATED_TASK]: call.taskHandle };
        throw error;
      }
    });
  }
}
