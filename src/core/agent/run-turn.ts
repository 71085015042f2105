/**
 * The agent loop for one turn: ask the model (streaming), keep its reply, run the tool calls
 * it asked for in parallel, hand back their results, and ask again, until a reply has no tool
 * calls, the step limit is reached, a request fails, or the person stops. The history stays
 * valid for both providers whatever happens: a reply is added only when complete, and every
 * tool call in it gets exactly one result.
 */
import { systemPromptWith } from './server-instructions';
import { PROVIDERS } from '../providers';
import { toolFailureResult } from '../tools';
import type { ApprovalGate } from './approval-gate';
import { callModel } from './call-model';
import { executeToolCall, type ToolCallPart, type ToolResultPart } from './execute-tool-call';
import { ModelRequestError } from './model-failure';
import { textOf } from './model-request';
import { modelCallOptions, toolCallContext } from './turn-options';
import type { TurnServices } from './session-services';
import type { ItemRef, SessionState } from './session-state';
import type { ModelSettings, ToolCallItem } from './session-types';
import type { NeutralRequest, NeutralResponse } from '../conversation';
import { StreamingToolCalls } from './streaming-tool-calls';

/** One run of the loop. */
export interface TurnContext {
  state: SessionState;
  services: TurnServices;
  approvals: ApprovalGate;
  /** Read before each request: a provider switch mid-turn applies to the next request. */
  settings(): ModelSettings;
  turn: number;
  /** The step to start at: 1 for a new turn, the failed step for a retry, the next step to continue after the step limit. */
  startStep: number;
  /**
   * The first step counted against the step limit. Default is 1 (the whole turn counts);
   * continuing a turn that hit its limit passes its start step, for a fresh budget.
   */
  budgetFrom?: number;
  signal: AbortSignal;
}

/** How a turn ended. */
export type TurnOutcome =
  | { kind: 'completed'; step: number }
  | { kind: 'failed'; step: number }
  | { kind: 'stopped'; step: number }
  | { kind: 'step-limit'; step: number };

/** Runs the loop until the turn ends. Never throws for model or tool failures. */
export async function runTurn(context: TurnContext): Promise<TurnOutcome> {
  const { state, services, turn, signal } = context;
  state.beginTurn(turn, services.now());
  let step = context.startStep;
  try {
    for (;;) {
      const outcome = await runStep(context, step);
      if (outcome !== 'next') return { kind: outcome, step };
      step += 1;
    }
  } finally {
    state.endTurn(turn, services.now());
    if (signal.aborted) addNotice(context, 'Stopped.');
  }
}

type StepOutcome = 'next' | 'completed' | 'failed' | 'stopped' | 'step-limit';

async function runStep(context: TurnContext, step: number): Promise<StepOutcome> {
  const { state, services, turn, signal } = context;
  if (signal.aborted) return 'stopped';
  const settings = context.settings();
  const provider = settings.provider;
  const adapter = PROVIDERS[provider];

  const request: NeutralRequest = {
    model: settings.model,
    messages: [...state.history],
    // A tool the person switched off is not offered at all (its policy only governs calls).
    tools: services.registry.definitionsFor(provider, (tool) => services.policies.isOffered(tool.server, tool.remoteName)),
    maxTokens: settings.maxTokens,
    stream: true,
  };
  const system = systemPromptWith(settings.system, services.serverInstructions?.() ?? []);
  if (system !== undefined) request.system = system;
  state.recordRequest(turn, step, request, provider);

  // The streaming assistant item is created with the first text.
  let assistant: ItemRef | undefined;
  const onTextDelta = (text: string): void => {
    if (text === '') return;
    if (assistant === undefined) {
      assistant = state.addItem({
        kind: 'assistant',
        id: services.generateId(),
        turn,
        step,
        text,
        streaming: true,
        at: services.now(),
        provider,
      });
    } else {
      state.updateItem(assistant, 'assistant', (item) => ({ ...item, text: item.text + text }));
    }
  };
  const closeAssistant = (stopReason: string, text?: string): void => {
    if (assistant === undefined) return;
    state.updateItem(assistant, 'assistant', (item) => ({
      ...item,
      streaming: false,
      stopReason,
      ...(text !== undefined ? { text } : {}),
    }));
  };

  const streamingCalls = new StreamingToolCalls(state, services.registry, { turn, step });
  let response: NeutralResponse;
  let endSpan: ((at: number) => void) | undefined;
  try {
    const built = adapter.buildRequest(request, { baseUrl: settings.baseUrl, apiKey: settings.apiKey });
    const reply = await callModel({
      fetch: services.modelFetch(provider, { turn, step }),
      provider,
      built,
      model: settings.model,
      signal,
      onTextDelta,
      onToolStream: (event) => streamingCalls.push(event),
      ...modelCallOptions(services),
      onAttemptStart: (attempt) => {
        endSpan = state.startSpan(turn, {
          kind: 'model',
          label: `${adapter.label} · step ${step}${attempt > 1 ? ` · attempt ${attempt}` : ''}`,
          start: services.now(),
          step,
        });
      },
      onAttemptEnd: () => endSpan?.(services.now()),
      onRetry: ({ attempt, maxAttempts, delayMs, failure }) =>
        addNotice(context, `${failure.title}: retrying in ${formatSeconds(delayMs)} (attempt ${attempt} of ${maxAttempts}).`),
    });
    response = reply.response;
  } catch (error) {
    endSpan?.(services.now());
    streamingCalls.abandonAll();
    if (signal.aborted) {
      closeAssistant('stopped');
      return 'stopped';
    }
    closeAssistant('incomplete');
    addError(context, step, error);
    return 'failed';
  }

  // The reply is complete: it joins the history.
  const finalText = textOf(response);
  const stopReason = response.rawStopReason ?? response.stopReason;
  const calls = response.parts.filter((part): part is ToolCallPart => part.type === 'tool-call');
  if (assistant === undefined && (finalText !== '' || calls.length === 0)) {
    assistant = state.addItem({
      kind: 'assistant',
      id: services.generateId(),
      turn,
      step,
      text: finalText,
      streaming: false,
      at: services.now(),
      provider,
      stopReason,
    });
  } else {
    closeAssistant(stopReason, finalText);
  }
  if (response.parts.length > 0) state.appendHistory({ role: 'assistant', parts: response.parts });
  const refs = streamingCalls.finish(calls, (call) => newToolCallItem(call, turn, step));
  if (calls.length === 0) return 'completed';

  if (step - (context.budgetFrom ?? 1) + 1 >= settings.maxSteps) {
    const detail = `Not run: the turn reached its step limit (${settings.maxSteps} model requests).`;
    const results = calls.map((call, index): ToolResultPart => {
      const result = toolFailureResult('cancelled', detail);
      state.updateItem(refs[index] ?? -1, 'tool-call', (item) => ({
        ...item,
        status: 'failed',
        failure: { category: 'cancelled', message: detail },
        modelResult: result,
      }));
      return { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, result };
    });
    state.appendHistory({ role: 'tool', parts: results });
    addNotice(
      context,
      `Stopped after ${settings.maxSteps} steps: the model kept calling tools. Raise the step limit or ask it to finish.`,
      'step-limit',
    );
    return 'step-limit';
  }

  const results = await Promise.all(
    calls.map((call, index) => {
      const ref = refs[index] ?? -1;
      let endToolSpan: ((at: number) => void) | undefined;
      return executeToolCall(call, {
        ...toolCallContext(services, context.approvals, signal, (patch) => state.updateItem(ref, 'tool-call', patch)),
        onRunStart: () => {
          endToolSpan = state.startSpan(turn, {
            kind: 'tool',
            label: call.toolName,
            start: services.now(),
            toolCallId: call.toolCallId,
            step,
          });
        },
        onRunEnd: () => endToolSpan?.(services.now()),
      });
    }),
  );
  state.appendHistory({ role: 'tool', parts: results });
  return signal.aborted ? 'stopped' : 'next';
}

function newToolCallItem(call: ToolCallPart, turn: number, step: number): ToolCallItem {
  const item: ToolCallItem = {
    kind: 'tool-call',
    id: call.toolCallId,
    turn,
    step,
    publicName: call.toolName,
    args: call.input,
    status: 'running',
  };
  if (call.rawArguments !== undefined) item.rawArguments = call.rawArguments;
  return item;
}

function addNotice(context: TurnContext, text: string, code?: 'step-limit'): void {
  context.state.addItem({
    kind: 'notice',
    id: context.services.generateId(),
    turn: context.turn,
    text,
    at: context.services.now(),
    ...(code !== undefined ? { code } : {}),
  });
}

function addError(context: TurnContext, step: number, error: unknown): void {
  const { state, services, turn } = context;
  if (error instanceof ModelRequestError) {
    const { failure } = error;
    state.addItem({
      kind: 'error',
      id: services.generateId(),
      turn,
      step,
      title: failure.title,
      detail: failure.detail,
      code: failure.code,
      retryable: failure.retryable,
      at: services.now(),
      attempts: error.attempts,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
    });
    return;
  }
  state.addItem({
    kind: 'error',
    id: services.generateId(),
    turn,
    step,
    title: 'Something went wrong in Glassbox',
    detail: `The request could not be made or read: ${error instanceof Error ? error.message : String(error)}`,
    code: 'internal',
    retryable: true,
    at: services.now(),
  });
}

function formatSeconds(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `${seconds}s`;
}
