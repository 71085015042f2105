/**
 * Runs an eval file in the page: connects the file's servers (or uses the page's), runs the
 * chosen targets through core/evals with the top bar's key, and keeps the results as they come.
 * The model requests and MCP exchanges are recorded in the page's traffic log, so both wires show them.
 */
import { useCallback, useRef, useState } from 'react';
import type { CallMcpTool } from '../../core/agent';
import type { Services } from '../../core/composition';
import { ToolRegistry } from '../../core/tools';
import { connectEvalServers, runEvals, type EvalFile, type EvalReport, type EvalResult, type EvalServers, type EvalTarget } from '../../core/evals';

/** The state of the page's eval run. */
export interface EvalRunState {
  running: boolean;
  results: EvalResult[];
  report: EvalReport | undefined;
  /** Servers that did not connect, and other notes about the run. */
  notes: string[];
  run(file: EvalFile, targets: EvalTarget[]): Promise<void>;
  stop(): void;
}

/** Keeps one run at a time; see the file comment. */
export function useEvalRun(services: Services): EvalRunState {
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<EvalResult[]>([]);
  const [report, setReport] = useState<EvalReport>();
  const [notes, setNotes] = useState<string[]>([]);
  const controller = useRef<AbortController | undefined>(undefined);

  const run = useCallback(
    async (file: EvalFile, targets: EvalTarget[]) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      setResults([]);
      setReport(undefined);
      setNotes([]);
      let servers: EvalServers | undefined;
      try {
        // The page's connected servers' tools only: the chat's local tools (reminders) are not the servers under test.
        let registry = new ToolRegistry();
        for (const server of services.connections.getSnapshot().servers) {
          if (server.status === 'connected') registry.setServerTools(server.name, server.tools);
        }
        let callMcpTool: CallMcpTool = (server, remoteName, args, options) => {
          const connection = services.connections.get(server);
          if (!connection || connection.getState().status !== 'connected') return Promise.reject(new Error(`Server "${server}" is not connected`));
          return connection.callTool(remoteName, args, options);
        };
        if (file.servers !== undefined) {
          servers = await connectEvalServers(file.servers, { log: services.log, secrets: services.secrets, fetch: services.baseFetch });
          registry = servers.registry;
          callMcpTool = servers.callMcpTool;
          setNotes(servers.problems.map((problem) => `Server ${problem}`));
        }
        const finished = await runEvals(
          { ...file, targets },
          { registry, callMcpTool, log: services.log, secrets: services.secrets, fetch: services.baseFetch, apiKeyFor: () => services.session.getApiKey() },
          { signal: abort.signal, onResult: (result) => setResults((previous) => [...previous, result]) },
        );
        setReport(finished);
      } catch (error) {
        setNotes((previous) => [...previous, `The run stopped: ${error instanceof Error ? error.message : String(error)}`]);
      } finally {
        await servers?.close().catch(() => undefined);
        controller.current = undefined;
        setRunning(false);
      }
    },
    [services],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  return { running, results, report, notes, run, stop };
}
