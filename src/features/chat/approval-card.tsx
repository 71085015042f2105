import { useId } from 'react';
import type { ToolCallItem } from '../../core/agent';
import { ApprovalActions } from '../../ui/approval-actions';
import { JsonView } from '../../ui/json-view';
import type { ChatSession } from './chat-session';
import { hintRows } from './tool-call-labels';
import { FindingList, ToolChangedBadge, ToolDiffView } from '../../ui/tool-guard-view';

/**
 * The question before a tool runs: which server, which tool, what the server claims about
 * it (hints, not guarantees) and the exact arguments; then Allow once, Always allow or Deny.
 */
export function ApprovalCard({ item, session }: { item: ToolCallItem; session: Pick<ChatSession, 'approve' | 'deny'> }) {
  const headingId = useId();
  return (
    <div className="approval-card" data-testid="approval-card" role="group" aria-labelledby={headingId}>
      <div className="approval-title" id={headingId}>
        Run <strong className="mono">{item.remoteName ?? item.publicName}</strong>
        {item.origin === 'local' ? (
          ' (a local tool in this page)'
        ) : item.server !== undefined ? (
          <>
            {' '}
            on <strong>{item.server}</strong>
          </>
        ) : null}
        ?
      </div>
      {item.guard?.change && (
        <div className="approval-guard-change warn-box">
          <ToolChangedBadge change={item.guard.change} />{' '}
          <span>This tool&apos;s definition changed after you allowed it. What changed:</span>
          <ToolDiffView change={item.guard.change} />
        </div>
      )}
      {item.guard && item.guard.findings.length > 0 && (
        <div className="approval-guard-findings">
          <div className="section-title">
            What this tool tells the model: {item.guard.findings.length} finding{item.guard.findings.length === 1 ? '' : 's'} (hints, not
            proof)
          </div>
          <FindingList findings={item.guard.findings} label={`Findings on the text of ${item.remoteName ?? item.publicName}`} />
        </div>
      )}
      <div className="approval-hints">
        <span className="muted">Hints from the server, not guarantees:</span>
        {hintRows(item.annotations).map((hint) => (
          <span
            key={hint.name}
            className={`badge ${hint.caution ? 'warn' : ''}`}
            data-hint={hint.name}
            title={
              !hint.applies
                ? 'Does not apply to a read-only tool'
                : hint.defaulted
                  ? 'Not stated by the server: the MCP default applies'
                  : 'Stated by the server'
            }
          >
            {hint.name}: {hint.applies ? (hint.value ? 'yes' : 'no') : 'n/a'}
            {hint.applies && hint.defaulted ? ' (default)' : ''}
          </span>
        ))}
      </div>
      <div className="approval-args">
        <div className="section-title">Arguments</div>
        {item.args === undefined && item.rawArguments !== undefined ? (
          <pre className="mono">{item.rawArguments}</pre>
        ) : (
          <JsonView value={item.args ?? {}} openDepth={3} label="Arguments to approve" />
        )}
      </div>
      <ApprovalActions onDecide={(choice) => (choice === 'deny' ? session.deny(item.id) : session.approve(item.id, choice))} />
    </div>
  );
}
