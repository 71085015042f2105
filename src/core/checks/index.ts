/**
 * Checks of a server ("is my server right?"): a verdict on any MCP server, the same in the page
 * and headless (`npm run check`).
 *
 * The API the page and the command use:
 * - `runServerCheck(options): Promise<CheckReport>` runs every check against one server. Its own
 *   probes go through `options.fetch`, recorded in `options.log` on the MCP wire under
 *   `options.server` and marked with `checkRun` = `report.runId` (as evals mark theirs `evalRun`);
 *   recorded `tools/call` results of that server already in the log are checked too. No tool is
 *   called unless it is listed in `options.toolCalls`. `options.rawHttp` (Node only) adds the
 *   checks a browser cannot make (marked `nodeOnly`).
 * - A report is findings (`CheckFinding`: a stable `id`, `severity`, `category`, `expected`,
 *   `actual`, `rule`, `fix`, `exchangeIds`), a `summary` per category, the context `cost`, and
 *   `changes` against `options.previous`.
 * - `diffReports(previous, current)` says what changed; `summarize(findings)` counts per category.
 * - Exports, pure functions of a report: `toJsonReport`, `toJUnitXml`, `toMarkdown`, `toBadgeSvg`;
 *   `reachesThreshold(report, 'fail' | 'warn')` is the headless command's exit rule.
 */
export type { CheckEra, CheckFinding, CheckReport, ChosenToolCall, ConfigNeighbour } from './types';
export { CHECK_CATEGORIES } from './types';
export { runServerCheck } from './run-check';
export { diffReports, summarize } from './report';
export { reachesThreshold, toBadgeSvg, toJsonReport, toJUnitXml, toMarkdown } from './exports';
