import type { ConfigProblem, ProblemSeverity } from '../../core/config';

const SEVERITY_LABEL: Record<ProblemSeverity, string> = { error: 'Error', warning: 'Warning', info: 'Note' };
const SEVERITY_ICON: Record<ProblemSeverity, string> = { error: '✕', warning: '⚠', info: 'ℹ' };

/** The parser's problems as buttons: choosing one moves the editor's cursor to its place. */
export function ProblemList({ problems, onSelect }: { problems: readonly ConfigProblem[]; onSelect: (problem: ConfigProblem) => void }) {
  return (
    <ul className="config-problems" aria-label="Problems in mcp.json">
      {problems.map((problem, index) => (
        <li key={`${index}:${problem.code}:${problem.offset}`}>
          <button
            type="button"
            className={`config-problem ${problem.severity}`}
            data-testid="config-problem"
            data-severity={problem.severity}
            data-line={problem.line}
            data-column={problem.column}
            data-code={problem.code}
            onClick={() => onSelect(problem)}
          >
            <span className="config-problem-icon" aria-hidden>
              {SEVERITY_ICON[problem.severity]}
            </span>
            <span className="visually-hidden">{SEVERITY_LABEL[problem.severity]}: </span>
            <span className="config-problem-place">
              Line {problem.line}, column {problem.column}
            </span>
            <span className="visually-hidden">: </span>
            <span className="config-problem-message">{problem.reason || problem.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
