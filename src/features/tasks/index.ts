/** The tasks view: every task the servers made of tool calls, with status, progress, result and cancel. */
export { TasksPanel } from './tasks-panel';
export type { TasksPanelProps } from './tasks-panel';
