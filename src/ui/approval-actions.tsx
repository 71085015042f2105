/** The person's answer to "run this tool?": the same three choices wherever a tool asks to run. */
export type ApprovalChoice = 'once' | 'always' | 'deny';

/**
 * Allow once, Always allow (sets the tool's policy to allow) and Deny: the buttons of the chat's
 * approval card, shared by every place a tool asks to run (a tool use in a sampling reply too).
 */
export function ApprovalActions({ onDecide }: { onDecide(choice: ApprovalChoice): void }) {
  return (
    <div className="approval-actions">
      <button type="button" className="button primary" data-testid="approval-allow" onClick={() => onDecide('once')}>
        Allow once
      </button>
      <button
        type="button"
        className="button"
        data-testid="approval-always"
        onClick={() => onDecide('always')}
        title="Run this tool from now on without asking"
      >
        Always allow
      </button>
      <button type="button" className="button danger" data-testid="approval-deny" onClick={() => onDecide('deny')}>
        Deny
      </button>
    </div>
  );
}
