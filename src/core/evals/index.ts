/**
 * core/evals: eval files (`*.evals.json`) read and checked, the argument matcher, the runner over
 * the chat's own agent loop and MCP core, and the reports (JSON, JUnit XML). Runs in Node and the page.
 */
export type {
  ActualCall,
  EvalCase,
  EvalFile,
  EvalFileResult,
  EvalReason,
  EvalReport,
  EvalResult,
  EvalRun,
  EvalStatus,
  EvalTarget,
  ExpectedCall,
  Expectation,
} from './eval-types';
export { readEvalFile, type EvalValidators } from './read-eval-file';
export { loadEvalValidators, parseEvalFile } from './eval-validators';
export { describeMismatches, JSON_TYPES, matchValue, type ValueMismatch } from './match-value';
export { matchExpectations } from './match-case';
export {
  DEFAULT_EVAL_MAX_STEPS,
  isAllowed,
  NOT_RUN_TEXT,
  runEvals,
  targetLabel,
  type EvalRunnerDeps,
  type RunEvalsOptions,
} from './run-evals';
export { connectEvalServers, type EvalServers } from './eval-servers';
export { countResults, toJsonReport, toJUnitXml } from './export-report';
export { default as evalsSchema } from './evals-schema.json';
