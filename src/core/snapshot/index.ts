/**
 * Snapshots and comparison of MCP servers. A snapshot (`*.mcp-snapshot.json`) is data: the name,
 * version, era, capabilities, instructions and every listed tool, resource, template and prompt of
 * one server, with no secret in it. Everything here is a pure function of snapshots or results,
 * so the page and the headless command share it:
 *
 * - `snapshotOfState(state, { secrets })`: the snapshot of a connected card (the connection has
 *   walked every page); `writeSnapshot` / `parseSnapshot` are the file boundary (the page's
 *   `snapshot-export-<name>` writes the first, `diff-open` with a file reads the second).
 * - `compareSnapshots(a, b)`: the changes, breaking first; each `{ kind, path, before, after, sentence }`
 *   is one `diff-change` row (`data-kind`, `data-path`). `countChanges`, `hasBreakingChange` for the header.
 * - `compareResults(a, b)`: replay on B, the JSON paths where two results differ (`diff-result`),
 *   `_meta` left out and reported; `checkConsistency(answers)`: the load probe's N same requests;
 *   `FirstSnapshots`: the snapshot of each server taken when first connected (the page's baseline);
 *   `recordedToolCalls(messages, server)`: the calls replay on B sends again, read from the traffic log.
 * - `runDiff(io)`: `npm run diff` (scripts/diff/cli.mjs), with reports from `./report`.
 */
export { compareSnapshots, countChanges, hasBreakingChange } from './compare';
export { checkConsistency, compareResults } from './compare-results';
export { FirstSnapshots } from './first-snapshots';
export { recordedToolCalls, type RecordedToolCall } from './recorded-calls';
export type { ConsistencyReport } from './compare-results';
export { parseSnapshot, SnapshotFileError, writeSnapshot } from './snapshot-file';
export { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION } from './snapshot-types';
export type { McpSnapshot, SnapshotTool } from './snapshot-types';
export type { ChangeKind, SnapshotChange } from './change';
export { CHANGE_KINDS } from './change';
export { isFreeOfSecrets, snapshotOfState } from './take-snapshot';
