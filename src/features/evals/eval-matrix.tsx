/**
 * The matrix of cases × targets: one cell per result, with its status, pass rate, time and
 * tokens; a cell not run yet is empty. Choosing a cell shows its reasons below.
 */
import type { EvalResult } from '../../core/evals';

/** Props for EvalMatrix. */
export interface EvalMatrixProps {
  cases: readonly string[];
  targets: readonly string[];
  results: readonly EvalResult[];
  running: boolean;
  selected: { caseName: string; target: string } | undefined;
  onSelect(result: EvalResult): void;
}

const STATUS_TEXT = { pass: 'pass', fail: 'fail', error: 'error' } as const;

/** The matrix; see the file comment. */
export function EvalMatrix({ cases, targets, results, running, selected, onSelect }: EvalMatrixProps) {
  const find = (caseName: string, target: string) => results.find((result) => result.caseName === caseName && result.target === target);
  return (
    <table className="eval-matrix" data-testid="eval-matrix">
      <caption className="visually-hidden">Results: cases down, targets across</caption>
      <thead>
        <tr>
          <th scope="col">Case</th>
          {targets.map((target) => (
            <th scope="col" key={target}>
              {target}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cases.map((caseName) => (
          <tr key={caseName}>
            <th scope="row">{caseName}</th>
            {targets.map((target) => {
              const result = find(caseName, target);
              if (!result)
                return (
                  <td key={target} className="eval-cell is-pending">
                    {running ? '…' : ''}
                  </td>
                );
              const ms = result.runs.reduce((sum, run) => sum + run.durationMs, 0);
              const tokens = result.runs.reduce((sum, run) => sum + run.tokens.input + run.tokens.output, 0);
              const passed = result.runs.filter((run) => run.status === 'pass').length;
              const isSelected = selected?.caseName === caseName && selected.target === target;
              return (
                <td key={target} className="eval-cell">
                  <button
                    type="button"
                    className={`eval-result status-${result.status}${isSelected ? ' is-selected' : ''}`}
                    aria-pressed={isSelected}
                    data-testid="eval-result"
                    data-case={caseName}
                    data-target={target}
                    data-status={result.status}
                    title={`${caseName} · ${target}: ${result.status}`}
                    onClick={() => onSelect(result)}
                  >
                    <span className="eval-status">{STATUS_TEXT[result.status]}</span>
                    {result.runs.length > 1 && <span className="eval-rate">{`${passed}/${result.runs.length}`}</span>}
                    <span className="eval-figures" data-testid="eval-figures">{`${ms} ms · ${tokens} tok`}</span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
