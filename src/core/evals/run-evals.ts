/**
 * The eval runner: every case against every target, each run in a fresh conversation of the same
 * agent session the chat uses (same loop, provider folders, tool registry and MCP calls). Tool
 * calls are approved without asking; a tool outside `allowTools` is not run: its call is recorded
 * and answered "not run in evals", so the run still shows what the model chose. Runs go one after
 * another (a scripted model answers in order; a real one is not hammered).
 */
import {
  AgentSession,
  reportedUsage,
  toTokenCounts,
  zeroCounts,
  type CallMcpTool,
  type ChatItem,
  type TokenCounts,
  type ToolCallItem,
} from '../agent';
import { PROVIDERS, type ProviderId } from '../providers';
import { memoryStorage, PolicyStore, type ToolRegistry } from '../tools';
import { createWireTap, type SecretRegistry, type TrafficLog } from '../traffic';
import type { ActualCall, EvalCase, EvalFile, EvalReason, EvalReport, EvalResult, EvalRun, EvalStatus, EvalTarget } from './eval-types';
import { matchExpectations } from './match-case';

/** What a disallowed tool call is answered with (and what the model reads). */
export const NOT_RUN_TEXT = 'not run in evals';

/** Model requests per turn when neither the case nor the file says. */
const DEFAULT_EVAL_MAX_STEPS = 10;

/** What the runner needs: the tools, the MCP side, and where the model wire is recorded. */
export interface EvalRunnerDeps {
  /** The tools offered to the model (the eval file's servers, or the page's). */
  registry: ToolRegistry;
  /** Calls a tool on a connected server (only for allowed tools). */
  callMcpTool: CallMcpTool;
  /** The traffic log the model requests are recorded in, each tagged with its run's id. */
  log: TrafficLog;
  secrets: SecretRegistry;
  /** The fetch the model wire goes through (the wire tap goes around it). */
  fetch: typeof fetch;
  /** The API key of a wire format ('' when none). */
  apiKeyFor(format: ProviderId): string;
  /** Wall clock in epoch ms. Default is Date.now. */
  now?(): number;
  /** A prefix for run ids, unique in the log. Default is a random one. */
  runPrefix?: string;
  /** First retry pause in milliseconds (the chat's default when absent). */
  retryBaseMs?: number;
}

/** Options of one run of a file. */
export interface RunEvalsOptions {
  signal?: AbortSignal;
  /** Called when a case × target is done (all its repeats). */
  onResult?(result: EvalResult): void;
}

/** A target's name in the matrix and the reports. */
export function targetLabel(target: EvalTarget): string {
  return target.label ?? `${target.format} · ${target.model}`;
}

/** Runs every case against every target; resolves with the report (never throws for a model or tool failure). */
export async function runEvals(file: EvalFile, deps: EvalRunnerDeps, options: RunEvalsOptions = {}): Promise<EvalReport> {
  const now = deps.now ?? (() => Date.now());
  const started = now();
  const prefix = deps.runPrefix ?? `eval-${Math.random().toString(36).slice(2, 8)}`;
  let counter = 0;
  const results: EvalResult[] = [];
  for (const target of file.targets) {
    for (const item of file.cases) {
      if (options.signal?.aborted) break;
      const runs: EvalRun[] = [];
      for (let index = 0; index < item.repeat && options.signal?.aborted !== true; index++) {
        runs.push(await runOnce(file, item, target, deps, `${prefix}-${++counter}`, now, options.signal));
      }
      const result = summarize(item, target, runs);
      results.push(result);
      options.onResult?.(result);
    }
  }
  return {
    startedAt: new Date(started).toISOString(),
    durationMs: now() - started,
    targets: file.targets.map(targetLabel),
    cases: file.cases.map((item) => item.name),
    results,
  };
}

/** The status of a case × target from its runs: every run passed, one could not finish, or one failed. */
function summarize(item: EvalCase, target: EvalTarget, runs: readonly EvalRun[]): EvalResult {
  const passed = runs.filter((run) => run.status === 'pass').length;
  const status: EvalStatus = runs.some((run) => run.status === 'error')
    ? 'error'
    : passed === runs.length && runs.length > 0
      ? 'pass'
      : 'fail';
  return {
    caseName: item.name,
    target: targetLabel(target),
    status,
    runs: [...runs],
    passRate: runs.length === 0 ? 0 : passed / runs.length,
    expected: item.expect,
  };
}

/** Whether `allowTools` lets a tool run (absent: every tool). */
function isAllowed(allowTools: readonly string[] | undefined, server: string, tool: string): boolean {
  if (allowTools === undefined) return true;
  return allowTools.some((entry) => entry === `${server}/${tool}` || entry === `${server}/*`);
}

async function runOnce(
  file: EvalFile,
  item: EvalCase,
  target: EvalTarget,
  deps: EvalRunnerDeps,
  runId: string,
  now: () => number,
  signal: AbortSignal | undefined,
): Promise<EvalRun> {
  const notRun = new Set<string>();
  const callMcpTool: CallMcpTool = (server, remoteName, args, callOptions) => {
    if (isAllowed(file.allowTools, server, remoteName)) return deps.callMcpTool(server, remoteName, args, callOptions);
    notRun.add(callOptions.toolCallId);
    return Promise.resolve({ content: [{ type: 'text', text: NOT_RUN_TEXT }], isError: true });
  };
  const system = item.system ?? file.system;
  const apiKey = deps.apiKeyFor(target.format);
  if (apiKey !== '') deps.secrets.add(apiKey);
  const session = new AgentSession({
    registry: deps.registry,
    policies: new PolicyStore({ storage: memoryStorage() }),
    callMcpTool,
    // Only the run's id: its turn and step are not the conversation's, so the chat's views leave it alone.
    modelFetch: (provider) =>
      createWireTap({ log: deps.log, wire: 'model', source: provider, secrets: deps.secrets, context: { evalRun: runId } })(
        PROVIDERS[provider].localFetch ?? deps.fetch,
      ) as typeof fetch,
    now,
    ...(deps.retryBaseMs !== undefined ? { retryBaseMs: deps.retryBaseMs } : {}),
    initialSettings: {
      provider: target.format,
      model: target.model,
      baseUrl: target.baseUrl ?? '',
      apiKey,
      maxSteps: item.maxSteps ?? file.maxSteps ?? DEFAULT_EVAL_MAX_STEPS,
      ...(system !== undefined ? { system } : {}),
    },
  });
  // Evals run unattended: a call that waits for approval is allowed once (allowTools decides what really runs).
  const unsubscribe = session.subscribe(() => {
    for (const entry of session.getSnapshot().items) {
      if (entry.kind === 'tool-call' && entry.status === 'awaiting-approval') session.approve(entry.id, 'once');
    }
  });
  const stop = () => session.stop();
  signal?.addEventListener('abort', stop);
  const started = now();
  try {
    await session.send(item.prompt);
  } finally {
    signal?.removeEventListener('abort', stop);
    unsubscribe();
  }
  const durationMs = now() - started;
  const snapshot = session.getSnapshot();
  const calls = snapshot.items.filter((entry): entry is ToolCallItem => entry.kind === 'tool-call').map((call) => actualCall(call, notRun));
  const answer = lastAnswer(snapshot.items);
  const exchanges = deps.log.getSnapshot().exchanges.filter((exchange) => exchange.evalRun === runId);
  const tokens = exchanges.reduce<TokenCounts>((sum, exchange) => addCounts(sum, reportedUsage(exchange)), zeroCounts());
  const base = { id: runId, calls, answer, tokens, durationMs, steps: exchanges.length };

  const failure = snapshot.items.find((entry) => entry.kind === 'error');
  if (failure?.kind === 'error') {
    return { ...base, status: 'error', reasons: [{ expectation: 'error', message: `${failure.title}: ${failure.detail}` }] };
  }
  if (signal?.aborted) return { ...base, status: 'error', reasons: [{ expectation: 'error', message: 'Stopped before the turn ended.' }] };
  const reasons: EvalReason[] = [];
  if (snapshot.canContinue) {
    reasons.push({
      expectation: 'steps',
      message: `the turn stopped at its step limit (${snapshot.settings.maxSteps} model requests) before the model answered`,
    });
  }
  reasons.push(...matchExpectations(item.expect, calls, answer));
  return { ...base, status: reasons.length === 0 ? 'pass' : 'fail', reasons };
}

function actualCall(call: ToolCallItem, notRun: ReadonlySet<string>): ActualCall {
  return {
    id: call.id,
    tool: call.server !== undefined && call.remoteName !== undefined ? `${call.server}/${call.remoteName}` : call.publicName,
    arguments: call.args,
    ran: call.startedAt !== undefined && !notRun.has(call.id),
    step: call.step,
  };
}

/** The model's last words in the turn. */
function lastAnswer(items: readonly ChatItem[]): string {
  for (let index = items.length - 1; index >= 0; index--) {
    const entry = items[index];
    if (entry?.kind === 'assistant' && entry.text.trim() !== '') return entry.text;
  }
  return '';
}

function addCounts(sum: TokenCounts, usage: ReturnType<typeof reportedUsage>): TokenCounts {
  if (usage === undefined) return sum;
  const counts = toTokenCounts(usage);
  return {
    input: sum.input + counts.input,
    output: sum.output + counts.output,
    cacheRead: sum.cacheRead + counts.cacheRead,
    cacheWrite: sum.cacheWrite + counts.cacheWrite,
  };
}
