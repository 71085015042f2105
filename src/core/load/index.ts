/**
 * Load probes of an MCP server over its existing connection (the page's, or the headless
 * command's): `LoadProbe` sends one request (tools/list, or a tools/call with its arguments)
 * `concurrency` at a time, for a number of requests or a duration, at an optional rate; its state
 * has the live count, throughput, latency over time, histogram, p50/p95/p99, the concurrency
 * reached beside the one asked, errors grouped by HTTP status and JSON-RPC code with an example
 * exchange each, and, once ended, the consistency of the answers. Its requests are one row of
 * the MCP wire. `runLoad(io)` is `npm run load` (scripts/load/cli.mjs).
 */
export { checkLoadSpec, LoadProbe, MAX_CONCURRENCY } from './load-probe';
export { probeSafety, remoteSentence } from './safety';
export type { LoadSpec, LoadState, LoadTarget, WireConcurrency } from './load-probe';
export { maxOverlap } from './stats';
