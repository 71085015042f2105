/**
 * One result in detail: each run's status, the reasons (which expectation failed), the expected
 * calls beside the actual ones, the answer, tokens and time, and a button that opens the run's
 * turn on both wires. Everything from the model is shown as text (never as markup).
 */
import type { EvalResult, EvalRun } from '../../core/evals';
import { JsonView } from '../../ui/json-view';

/** Props for EvalDetail. */
export interface EvalDetailProps {
  result: EvalResult;
  onOpenRun(run: EvalRun): void;
}

/** The detail; see the file comment. */
export function EvalDetail({ result, onOpenRun }: EvalDetailProps) {
  const expectedCalls = result.expected.calls ?? [];
  return (
    <section className="eval-detail" data-testid="eval-detail" aria-label={`${result.caseName} on ${result.target}`}>
      <h3>
        {result.caseName} · {result.target}: <span className={`status-${result.status}`}>{result.status}</span>
        {result.runs.length > 1 && ` (${Math.round(result.passRate * 100)}% of ${result.runs.length} runs passed)`}
      </h3>
      {result.runs.map((run, index) => (
        <div className="eval-run" key={run.id} data-testid="eval-run-detail" data-status={run.status}>
          <div className="eval-run-head">
            {result.runs.length > 1 && (
              <>
                <strong>Run {index + 1}: </strong>
                <span className={`status-${run.status}`}>{run.status}</span>
              </>
            )}
            <span className="eval-figures">{`${run.durationMs} ms · ${run.steps} model request${run.steps === 1 ? '' : 's'} · ${run.tokens.input} in / ${run.tokens.output} out tokens`}</span>
            <button
              type="button"
              className="link-button"
              onClick={() => onOpenRun(run)}
              data-testid="eval-open-wires"
              title="Select this run's model requests and tool calls on the two wires"
            >
              Open on the wires
            </button>
          </div>
          {run.reasons.length > 0 && (
            <ul className="eval-reasons">
              {run.reasons.map((reason, at) => (
                <li key={at} data-testid="eval-reason" data-expectation={reason.expectation}>
                  <strong>{reason.expectation}</strong>: {reason.message}
                </li>
              ))}
            </ul>
          )}
          <div className="eval-calls">
            <div data-testid="eval-expected">
              <h4>Expected calls{result.expected.anyOrder ? ' (any order)' : ''}</h4>
              {expectedCalls.length === 0 ? (
                <p className="muted">none named</p>
              ) : (
                <JsonView value={expectedCalls} openDepth={3} label="Expected calls" />
              )}
            </div>
            <div data-testid="eval-actual">
              <h4>Actual calls</h4>
              {run.calls.length === 0 ? (
                <p className="muted">no tool called</p>
              ) : (
                <JsonView
                  value={run.calls.map((call) => ({
                    tool: call.tool,
                    arguments: call.arguments,
                    ...(call.ran ? {} : { ran: 'no: not in allowTools' }),
                  }))}
                  openDepth={3}
                  label="Actual calls"
                />
              )}
            </div>
          </div>
          {run.answer !== '' && (
            <p className="eval-answer" data-testid="eval-answer">
              <strong>Answer: </strong>
              {run.answer}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
