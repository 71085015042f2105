/** Props for ProblemsNotice. */
export interface ProblemsNoticeProps {
  title: string;
  problems: readonly string[];
  onDismiss(): void;
  testId?: string;
}

/** A dismissible notice listing problems, e.g. the parts of a saved session that could not be restored. */
export function ProblemsNotice({ title, problems, onDismiss, testId }: ProblemsNoticeProps) {
  return (
    <div className="session-notice warn-box" role="status" data-testid={testId}>
      <div className="session-notice-head">
        <strong>{title}</strong>
        <span className="spacer" />
        <button type="button" className="small-button" onClick={onDismiss} data-testid={testId ? `${testId}-dismiss` : undefined}>
          Dismiss
        </button>
      </div>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
