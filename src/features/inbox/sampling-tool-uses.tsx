import type { Inbox, SamplingItem, SamplingToolUseDecision } from '../../core/inbox';
import { isAllowed, refusedToolUseNote } from '../../core/inbox';
import { ApprovalActions } from '../../ui/approval-actions';
import { JsonView } from '../../ui/json-view';

/** What each decision means, in words. */
const DECISION_TEXT: Record<SamplingToolUseDecision, string> = {
  pending: 'Waiting for you: the reply goes back only after you decide.',
  'allowed-once': 'Allowed once: returned for the server to run.',
  'always-allowed': 'Always allowed (your tool policy now says allow): returned for the server to run.',
  'allowed-by-policy': 'Allowed by your tool policy: returned for the server to run.',
  denied: 'Denied: left out of the reply.',
  'denied-by-policy': 'Denied by your tool policy: left out of the reply.',
  'not-offered': 'Refused: the server did not offer this tool in its request.',
};

/**
 * The tool uses in a sampling reply, each through the same gate as the chat's calls: the tool
 * policy of that server and tool, else the person's Allow once / Always allow / Deny. The server
 * runs what is allowed after the reply goes back; a refused use is replaced by a note.
 */
export function SamplingToolUses({ item, inbox }: { item: SamplingItem; inbox: Pick<Inbox, 'decideSamplingToolUse'> }) {
  const uses = item.toolUses ?? [];
  if (uses.length === 0) return null;
  return (
    <ul className="sampling-tool-uses" aria-label="Tool uses the model asks for">
      {uses.map((use) => (
        <li key={use.id} className="approval-card" data-testid="sampling-tool-use" data-name={use.name} data-decision={use.decision}>
          <div className="approval-title">
            Let <strong>{item.origin.server}</strong> run <strong className="mono">{use.name}</strong>?
          </div>
          <JsonView value={use.input} openDepth={3} label={`Input of ${use.name}`} />
          <p className="faint" role="status">
            {DECISION_TEXT[use.decision]}
            {use.decision !== 'pending' && !isAllowed(use.decision) && <span className="mono"> {refusedToolUseNote(use)}</span>}
          </p>
          {use.decision === 'pending' && item.status === 'replied' && (
            <ApprovalActions onDecide={(choice) => inbox.decideSamplingToolUse(item.id, use.id, choice)} />
          )}
        </li>
      ))}
    </ul>
  );
}
