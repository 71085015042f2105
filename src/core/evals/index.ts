/**
 * core/evals: eval files (`*.evals.json`) read and checked, the argument matcher, the runner over
 * the chat's own agent loop and MCP core, and the reports (JSON, JUnit XML). Runs in Node and the page.
 */
export type { EvalFile, EvalFileResult, EvalReport, EvalResult, EvalRun, EvalTarget } from './eval-types';
export { readEvalFile, type EvalValidators } from './read-eval-file';
export { loadEvalValidators } from './eval-validators';
export { runEvals, targetLabel } from './run-evals';
export { connectEvalServers, type EvalServers } from './eval-servers';
export { toJsonReport, toJUnitXml } from './export-report';
export { default as evalsSchema } from './evals-schema.json';
