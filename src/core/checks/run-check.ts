/**
 * A check run: the probes (observe), then every category's checks over what they saw, the context
 * cost, the summary and what changed since the last report.
 */
import { diagnoseNetworkFailure } from '../mcp/cors-probes';
import type { Diagnosis } from '../mcp/connection-state';
import { authChecks } from './auth';
import { browserChecks } from './browser';
import { cacheChecks } from './cache';
import { configCost, costFindings, costOf, estimateTokens } from './cost';
import { otherDefinitionChecks, toolDefinitionChecks } from './definitions';
import { observe, type Observation } from './observe';
import { rpcResult } from './probe';
import { protocolChecks } from './protocol';
import { diffReports, sortFindings, summarize } from './report';
import { recordedCalls, resultChecks } from './results';
import { guardChecks, rebindingChecks } from './security';
import type { CheckFinding, CheckOptions, CheckReport } from './types';

/** The default context window the cost's share is taken of. */
const DEFAULT_CONTEXT_WINDOW = 200_000;

let runCounter = 0;

/** The server's instructions, from its handshake. */
function instructionsOf(seen: Observation): string | undefined {
  const value = rpcResult(seen.initialize)?.instructions ?? rpcResult(seen.discover)?.instructions;
  return typeof value === 'string' ? value : undefined;
}

/** Runs every check against one server; see index.ts. */
export async function runServerCheck(options: CheckOptions): Promise<CheckReport> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const runId = `check-${startedAt.toString(36)}-${(runCounter++).toString(36)}`;
  const seen = await observe(options, runId);

  // In a page, a request the browser blocked is explained by the existing CORS diagnosis.
  let diagnosis: Diagnosis | undefined;
  const handshake = seen.initialize ?? seen.discover;
  if (!options.rawHttp && seen.era === undefined && handshake?.status === 0) {
    diagnosis = await diagnoseNetworkFailure(options.url, options.fetch);
  }

  const contextWindow = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const count = options.countTokens ?? estimateTokens;
  const tools = (seen.lists.tools?.items ?? []).map((tool) => ({
    name: String(tool.name),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
  }));
  const neighbours = options.neighbours ?? [];
  const serverCost = seen.era ? costOf(tools, count, contextWindow) : [];

  const findings: CheckFinding[] = [
    ...protocolChecks(seen),
    ...toolDefinitionChecks(seen, neighbours),
    ...otherDefinitionChecks(seen),
    ...resultChecks(seen, recordedCalls(options.log, options.server, runId)),
    ...costFindings(serverCost, !options.countTokens),
    ...cacheChecks(seen),
    ...browserChecks(seen, diagnosis),
    ...guardChecks(seen, options.server, instructionsOf(seen), neighbours),
    ...rebindingChecks(seen),
    ...authChecks(seen, options.url),
  ];
  const omitted = options.omitChecks ?? [];
  const sorted = sortFindings(findings.filter((entry) => !omitted.some((prefix) => entry.id.startsWith(prefix))));
  for (const entry of sorted) options.onFinding?.(entry);

  const report: CheckReport = {
    runId,
    server: options.server,
    url: options.url,
    ...(seen.era ? { era: seen.era } : {}),
    ...(seen.serverInfo ? { serverInfo: { ...seen.serverInfo } } : {}),
    startedAt,
    durationMs: now() - startedAt,
    environment: options.rawHttp ? 'node' : 'page',
    findings: sorted,
    summary: summarize(sorted),
    cost: {
      server: serverCost,
      ...(neighbours.length > 0 && seen.era ? { config: configCost(tools, neighbours, count, contextWindow) } : {}),
    },
  };
  if (options.previous) report.changes = diffReports(options.previous, report);
  return report;
}
