// The Evals area: eval files edited, run across targets, the matrix with reasons, exports.
export { EvalsPanel } from './evals-panel';
export type { EvalsPanelProps } from './evals-panel';
