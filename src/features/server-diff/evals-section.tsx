import { useRef, useState } from 'react';
import type { CallMcpTool } from '../../core/agent';
import type { Services } from '../../core/composition';
import { loadEvalValidators, readEvalFile, runEvals, type EvalFile, type EvalResult } from '../../core/evals';
import { ToolRegistry } from '../../core/tools';

/** The pass rates of one side: per case, and overall. */
interface SideRates {
  byCase: Map<string, number>;
  overall: number;
}

/** Passed runs over all runs, per case and in all. */
function ratesOf(results: readonly EvalResult[]): SideRates {
  const byCase = new Map<string, { passed: number; runs: number }>();
  for (const result of results) {
    const entry = byCase.get(result.caseName) ?? { passed: 0, runs: 0 };
    entry.passed += result.runs.filter((run) => run.status === 'pass').length;
    entry.runs += result.runs.length;
    byCase.set(result.caseName, entry);
  }
  const total = [...byCase.values()].reduce((sum, entry) => ({ passed: sum.passed + entry.passed, runs: sum.runs + entry.runs }), {
    passed: 0,
    runs: 0,
  });
  return {
    byCase: new Map([...byCase].map(([name, entry]) => [name, entry.runs === 0 ? 0 : entry.passed / entry.runs])),
    overall: total.runs === 0 ? 0 : total.passed / total.runs,
  };
}

const percent = (rate: number | undefined): string => (rate === undefined ? '—' : `${Math.round(rate * 100)}%`);

/** The name the eval file gives the server under test: its entry named like A, its only entry, or A's own name. */
function entryNameOf(file: EvalFile, serverA: string): string {
  const servers = file.servers ?? [];
  if (servers.some((entry) => entry.name === serverA)) return serverA;
  return servers.length === 1 && servers[0] ? servers[0].name : serverA;
}

/**
 * Evals on both: one eval file run once against A and once against B, through the page's own
 * connections: the file's entry for the server under test points to A, then to B (the model sees
 * the same server name, with each side's tools). The matrix shows the pass rate of each, so a
 * model-visible change that makes the model pick the wrong tool shows as a falling rate. The
 * model is the file's targets, or the top bar's settings.
 */
export function EvalsSection({ services, serverA, serverB }: { services: Services; serverA: string; serverB: string }) {
  const [file, setFile] = useState<{ name: string; evals: EvalFile }>();
  const [problem, setProblem] = useState<string>();
  const [running, setRunning] = useState<'A' | 'B'>();
  const [results, setResults] = useState<{ A: EvalResult[]; B: EvalResult[] }>();
  const abort = useRef<AbortController>(undefined);

  const open = async (picked: File | undefined) => {
    if (!picked) return;
    const [text, validators] = await Promise.all([picked.text(), loadEvalValidators()]);
    const read = readEvalFile(text, validators);
    const errors = read.problems.filter((entry) => entry.severity === 'error');
    if (read.file === null || errors.length > 0) {
      setProblem(`${picked.name}: ${(errors[0] ?? read.problems[0])?.message ?? 'not an eval file'}`);
      return;
    }
    setProblem(undefined);
    setResults(undefined);
    setFile({ name: picked.name, evals: read.file });
  };

  const run = async () => {
    if (!file) return;
    const settings = services.session.getSnapshot().settings;
    const targets =
      file.evals.targets.length > 0
        ? file.evals.targets
        : [{ format: settings.provider, model: settings.model, baseUrl: settings.baseUrl }];
    const entry = entryNameOf(file.evals, serverA);
    const controller = new AbortController();
    abort.current = controller;
    const collected: { A: EvalResult[]; B: EvalResult[] } = { A: [], B: [] };
    setResults(collected);
    setProblem(undefined);
    try {
      for (const [side, server] of [
        ['A', serverA],
        ['B', serverB],
      ] as const) {
        if (controller.signal.aborted) break;
        setRunning(side);
        const state = services.connections.getSnapshot().servers.find((candidate) => candidate.name === server);
        const connection = services.connections.get(server);
        if (state?.status !== 'connected' || !connection) throw new Error(`${server} is not connected: connect it, then run again.`);
        // The file's entry for the server under test, pointed at this side.
        const registry = new ToolRegistry();
        registry.setServerTools(entry, state.tools);
        const callMcpTool: CallMcpTool = (name, remoteName, args, options) =>
          name === entry ? connection.callTool(remoteName, args, options) : Promise.reject(new Error(`Server "${name}" is not under test`));
        await runEvals(
          { ...file.evals, targets },
          {
            registry,
            callMcpTool,
            log: services.log,
            secrets: services.secrets,
            fetch: services.baseFetch,
            apiKeyFor: () => services.session.getApiKey(),
          },
          {
            signal: controller.signal,
            onResult: (result) => {
              collected[side] = [...collected[side], result];
              setResults({ ...collected });
            },
          },
        );
      }
    } catch (failure) {
      setProblem(`The run stopped: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      abort.current = undefined;
      setRunning(undefined);
    }
  };

  const rates = results ? { A: ratesOf(results.A), B: ratesOf(results.B) } : undefined;
  const cases = file?.evals.cases.map((item) => item.name) ?? [];
  return (
    <div className="diff-evals">
      <p className="faint">
        An eval file (<code>*.evals.json</code>) run once against <strong>{serverA}</strong> and once against <strong>{serverB}</strong>:
        its entry for the server under test points to each in turn, with the model of its targets (or the top bar&apos;s).
      </p>
      <div className="row">
        <label className="button">
          Open an eval file…
          <input
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            data-testid="diff-evals-file"
            onChange={(event) => {
              void open(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {file && (
          <span className="mono" data-testid="diff-evals-name">
            {file.name} · {file.evals.cases.length} case{file.evals.cases.length === 1 ? '' : 's'}
          </span>
        )}
        <span className="spacer" />
        {running ? (
          <button type="button" className="button" onClick={() => abort.current?.abort()} data-testid="diff-evals-stop">
            Stop (running on {running})
          </button>
        ) : (
          <button type="button" className="button primary" disabled={!file} onClick={() => void run()} data-testid="diff-evals-run">
            Run on A and B
          </button>
        )}
      </div>
      {problem && (
        <div className="error-box" role="alert" data-testid="diff-evals-problem">
          {problem}
        </div>
      )}
      {rates && (
        <table className="diff-evals-matrix" data-testid="diff-evals-matrix">
          <caption className="visually-hidden">Pass rate per case on A and B</caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">A · {serverA}</th>
              <th scope="col">B · {serverB}</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((name) => {
              const a = rates.A.byCase.get(name);
              const b = rates.B.byCase.get(name);
              return (
                <tr key={name} data-testid="diff-evals-case" data-falls={a !== undefined && b !== undefined && b < a ? 'true' : undefined}>
                  <th scope="row">{name}</th>
                  <td className="num">{percent(a)}</td>
                  <td className={`num${a !== undefined && b !== undefined && b < a ? ' severity-fail' : ''}`}>{percent(b)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All cases</th>
              <td className="num" data-testid="diff-evals-rate-a">
                {results && results.A.length > 0 ? percent(rates.A.overall) : '—'}
              </td>
              <td className="num" data-testid="diff-evals-rate-b">
                {results && results.B.length > 0 ? percent(rates.B.overall) : '—'}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}
