/**
 * The loop of one turn replay. It starts from the original turn's first request (the history
 * before the turn and the turn's user message), builds each request in the target's wire format
 * and sends it through the same recording model fetch as the conversation (marked `replayOf`, so
 * the model wire shows it as a branch), and answers the tool calls the model makes: from the
 * results recorded in the original turn (same name, deep-equal arguments), or — when the person
 * asked — by calling the tools for real through the normal approval gate. A call that was not
 * recorded is never answered with a recorded result: the model gets a `not-recorded` error.
 * The conversation itself is never touched: the replay keeps its own message list.
 */
import { PROVIDERS } from '../providers';
import type { NeutralMessage, NeutralRequest, NeutralUsage } from '../conversation';
import { toolFailureResult } from '../tools';
import type { ApprovalGate } from './approval-gate';
import { callModel } from './call-model';
import { executeToolCall, type ToolCallPart, type ToolResultPart } from './execute-tool-call';
import { textOf } from './model-request';
import { matchRecordedCall, notRecordedResult, type RecordedCall } from './replay-match';
import type { ReplayCall, ReplayStatus, ReplayTarget } from './replay-types';
import type { TurnServices } from './run-turn';
import type { ToolCallItem } from './session-types';
import { modelCallOptions, toolCallContext } from './turn-options';

/** What a replay reports as it runs (the store keeps it and tells the UI). */
interface ReplaySink {
  /** A tool call the replayed model made; returns its index for later updates. */
  addCall(call: ReplayCall): number;
  updateCall(index: number, update: (item: ToolCallItem) => ToolCallItem): void;
  /** A complete response: its usage and text. */
  addResponse(usage: NeutralUsage, text: string): void;
}

/** One replay run. */
export interface ReplayRun {
  /** The original turn's first request (history before the turn plus its user message). */
  base: NeutralRequest;
  target: ReplayTarget;
  apiKey: string;
  /** Model requests before the replay stops. */
  maxSteps: number;
  recorded: readonly RecordedCall[];
  /** The exchange id of the original turn's first request. */
  replayOf: number;
  services: TurnServices;
  approvals: ApprovalGate;
  signal: AbortSignal;
  sink: ReplaySink;
}

/** Runs the replay to its end; throws the model request's error (ModelRequestError) or the abort reason. */
export async function runReplay(run: ReplayRun): Promise<Exclude<ReplayStatus, 'running' | 'failed'>> {
  const { target, services, signal, sink } = run;
  const adapter = PROVIDERS[target.provider];
  const messages: NeutralMessage[] = [...run.base.messages];
  for (let step = 1; ; step++) {
    if (signal.aborted) return 'stopped';
    const request: NeutralRequest = {
      model: target.model,
      messages: [...messages],
      tools: services.registry.definitionsFor(target.provider),
      maxTokens: run.base.maxTokens,
      stream: true,
      ...(run.base.system !== undefined ? { system: run.base.system } : {}),
    };
    const built = adapter.buildRequest(request, { baseUrl: target.baseUrl, apiKey: run.apiKey });
    const reply = await callModel({
      fetch: services.modelFetch(target.provider, { replayOf: run.replayOf }),
      provider: target.provider,
      built,
      model: target.model,
      signal,
      onTextDelta: () => undefined,
      ...modelCallOptions(services),
    });
    const response = reply.response;
    sink.addResponse(response.usage, textOf(response));
    if (response.parts.length > 0) messages.push({ role: 'assistant', parts: response.parts });
    const calls = response.parts.filter((part): part is ToolCallPart => part.type === 'tool-call');
    if (calls.length === 0) return 'done';

    const refs = calls.map((call) => {
      const match = matchRecordedCall(run.recorded, call.toolName, call.input);
      const replayCall: ReplayCall = {
        item: { kind: 'tool-call', id: call.toolCallId, turn: 0, step, publicName: call.toolName, args: call.input, status: 'running' },
        source: target.callToolsLive ? 'live' : match.kind === 'recorded' ? 'recorded' : 'not-run',
        mismatch: match.kind === 'mismatch',
      };
      if (call.rawArguments !== undefined) replayCall.item.rawArguments = call.rawArguments;
      if (match.kind === 'mismatch') replayCall.mismatchDetail = match.detail;
      else replayCall.recordedId = match.recorded.id;
      return { call, match, index: sink.addCall(replayCall) };
    });

    if (step >= run.maxSteps) {
      const detail = `Not run: the replay reached its step limit (${run.maxSteps} model requests).`;
      for (const { index } of refs)
        sink.updateCall(index, (item) => ({
          ...item,
          status: 'failed',
          failure: { category: 'cancelled', message: detail },
          modelResult: toolFailureResult('cancelled', detail),
        }));
      return 'step-limit';
    }

    const results = await Promise.all(
      refs.map(({ call, match, index }): Promise<ToolResultPart> => {
        const update = (patch: (item: ToolCallItem) => ToolCallItem): void => sink.updateCall(index, patch);
        // A live call goes the conversation's way: registry, policy, approval gate, the MCP server.
        if (target.callToolsLive) return executeToolCall(call, toolCallContext(services, run.approvals, signal, update));
        const result = match.kind === 'recorded' ? match.recorded.result : notRecordedResult(match.detail);
        update((item) => ({
          ...item,
          status: match.kind === 'recorded' && !result.isError ? 'done' : 'failed',
          modelResult: result,
          ...(match.kind === 'mismatch' ? { failure: { category: 'not-recorded', message: match.detail } } : {}),
        }));
        return Promise.resolve({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, result });
      }),
    );
    messages.push({ role: 'tool', parts: results });
  }
}
