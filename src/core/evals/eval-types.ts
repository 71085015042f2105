/**
 * The eval file (`*.evals.json`) as Glassbox reads it, and what a run of it produces. Plain data:
 * the reader fills it from text, the runner and the exports only read it.
 */
import type { ProviderId } from '../providers';
import type { ServerConfig, ConfigProblem } from '../config';
import type { TokenCounts } from '../agent';

/** One model to run every case against: a wire format, a model name, optionally an endpoint. */
export interface EvalTarget {
  format: ProviderId;
  model: string;
  /** An Anthropic- or OpenAI-compatible endpoint; '' or absent = the format's default. */
  baseUrl?: string;
  /** A short name for the matrix and the reports. Default is `format · model`. */
  label?: string;
}

/** A tool call the model is expected to make. */
export interface ExpectedCall {
  /** `server/tool`. */
  tool: string;
  /** Matched as a subset (deep, exact values, `$regex` / `$type` where a value varies). Absent = any arguments. */
  arguments?: Record<string, unknown>;
}

/** What a case expects of the model's turn. */
export interface Expectation {
  /** Calls the model must make, in this order unless `anyOrder` (other calls in between are allowed). */
  calls?: ExpectedCall[];
  anyOrder?: boolean;
  /** `server/tool` names the model must not call. */
  noCallsTo?: string[];
  /** A regular expression the final answer must match. */
  answerMatches?: string;
}

/** One case: a prompt sent in a fresh conversation, and what is expected of the turn. */
export interface EvalCase {
  name: string;
  prompt: string;
  expect: Expectation;
  /** How many times the case runs per target; the pass rate is reported. Default is 1. */
  repeat: number;
  /** Model requests before the turn stops. Default is the file's, else 10. */
  maxSteps?: number;
  /** The system prompt. Default is the file's. */
  system?: string;
}

/** A whole eval file, read and checked. */
export interface EvalFile {
  /** The servers the file names (absent: the page's config is used; the headless runner needs them). */
  servers?: ServerConfig[];
  /** `server/tool` (or `server/*`) names that really run; absent = every tool runs. */
  allowTools?: string[];
  targets: EvalTarget[];
  cases: EvalCase[];
  maxSteps?: number;
  system?: string;
}

/** What reading an eval file gives: the file (null when it cannot be run) and every problem, located. */
export interface EvalFileResult {
  file: EvalFile | null;
  problems: ConfigProblem[];
}

/** A call the model made during a run, as the expectations see it. */
export interface ActualCall {
  /** The model's tool call id (links the call to its MCP exchange). */
  id: string;
  /** `server/tool`, or the public name when the model named no known tool. */
  tool: string;
  arguments: unknown;
  /** False when `allowTools` kept it from running (it was answered "not run in evals"). */
  ran: boolean;
  /** The step whose model response asked for it. */
  step: number;
}

/** Whether one run met the case's expectations. */
export type EvalStatus = 'pass' | 'fail' | 'error';

/** One expectation that was not met, said plainly, with what was expected and what happened. */
export interface EvalReason {
  expectation: 'calls' | 'noCallsTo' | 'answerMatches' | 'steps' | 'error';
  message: string;
  expected?: unknown;
  actual?: unknown;
}

/** One run of one case against one target. */
export interface EvalRun {
  /** Unique in the page: the wires find this run's model requests by it. */
  id: string;
  status: EvalStatus;
  reasons: EvalReason[];
  calls: ActualCall[];
  answer: string;
  tokens: TokenCounts;
  /** Wall-clock time of the turn, in milliseconds. */
  durationMs: number;
  /** Model requests made. */
  steps: number;
}

/** A case against a target: its runs and the pass rate. */
export interface EvalResult {
  caseName: string;
  /** The target's label. */
  target: string;
  /** `pass` when every run passed; `error` when a run could not finish; `fail` otherwise. */
  status: EvalStatus;
  runs: EvalRun[];
  /** Passed runs / runs, 0 to 1. */
  passRate: number;
  expected: Expectation;
}

/** A whole run of a file. */
export interface EvalReport {
  startedAt: string;
  durationMs: number;
  targets: string[];
  cases: string[];
  results: EvalResult[];
}
