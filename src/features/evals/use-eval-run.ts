/**
 * Runs an eval file in the page: connects the file's servers (or uses the page's), runs the
 * chosen targets through core/evals with the top bar's key, and keeps the results as they come.
 * The model requests and MCP exchanges are recorded in the page's traffic log, so both wires show them.
 */
import { useCallback } from 'react';
import type { CallMcpTool } from '../../core/agent';
import type { Services } from '../../core/composition';
import { ToolRegistry } from '../../core/tools';
import {
  connectEvalServers,
  runEvals,
  type EvalFile,
  type EvalReport,
  type EvalResult,
  type EvalServers,
  type EvalTarget,
} from '../../core/evals';
import { useStore } from '../../ui/use-store';
import { evalsStoreOf } from './evals-state';

/** The state of the page's eval run. */
export interface EvalRunState {
  running: boolean;
  results: readonly EvalResult[];
  report: EvalReport | undefined;
  /** Servers that did not connect, and other notes about the run. */
  notes: readonly string[];
  run(file: EvalFile, targets: EvalTarget[]): Promise<void>;
  stop(): void;
}

/**
 * Keeps one run at a time, in the Evals area's store (evals-state.ts): a run goes on, and its
 * results stay, when the layout mounts the area afresh; see the file comment.
 */
export function useEvalRun(services: Services): EvalRunState {
  const store = evalsStoreOf(services);
  const { running, results, report, notes } = useStore(store);

  const run = useCallback(
    async (file: EvalFile, targets: EvalTarget[]) => {
      if (store.controller) return;
      const abort = new AbortController();
      store.controller = abort;
      store.update({ running: true, results: [], report: undefined, notes: [] });
      let servers: EvalServers | undefined;
      try {
        // The page's connected servers' tools only: the chat's local tools (reminders) are not the servers under test.
        let registry = new ToolRegistry();
        for (const server of services.connections.getSnapshot().servers) {
          if (server.status === 'connected') registry.setServerTools(server.name, server.tools);
        }
        let callMcpTool: CallMcpTool = (server, remoteName, args, options) => {
          const connection = services.connections.get(server);
          if (!connection || connection.getState().status !== 'connected')
            return Promise.reject(new Error(`Server "${server}" is not connected`));
          return connection.callTool(remoteName, args, options);
        };
        if (file.servers !== undefined) {
          servers = await connectEvalServers(file.servers, { log: services.log, secrets: services.secrets, fetch: services.baseFetch });
          registry = servers.registry;
          callMcpTool = servers.callMcpTool;
          store.update({ notes: servers.problems.map((problem) => `Server ${problem}`) });
        }
        const finished = await runEvals(
          { ...file, targets },
          {
            registry,
            callMcpTool,
            log: services.log,
            secrets: services.secrets,
            fetch: services.baseFetch,
            apiKeyFor: () => services.session.getApiKey(),
          },
          { signal: abort.signal, onResult: (result) => store.update((state) => ({ results: [...state.results, result] })) },
        );
        store.update({ report: finished });
      } catch (error) {
        store.update((state) => ({
          notes: [...state.notes, `The run stopped: ${error instanceof Error ? error.message : String(error)}`],
        }));
      } finally {
        await servers?.close().catch(() => undefined);
        store.controller = undefined;
        store.update({ running: false });
      }
    },
    [services, store],
  );

  const stop = useCallback(() => store.controller?.abort(), [store]);
  return { running, results, report, notes, run, stop };
}
