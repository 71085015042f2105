import { useState } from 'react';
import type { ToolCallItem } from '../../core/agent';
import { JsonView } from '../../ui/json-view';
import { OutputCheckView } from '../../ui/output-check-view';
import { ToolResultView } from '../../ui/tool-result-view';
import { ToolApp, type ToolAppCall } from '../../ui/tool-app-slot';
import { ApprovalCard } from './approval-card';
import type { ChatSession } from './chat-session';
import { ModelSawView } from './model-saw-view';
import { decisionLabel, durationLabel, failureLabel, progressLabel, statusLabel } from './tool-call-labels';
import { useNow } from './use-now';

/** Props for ToolCallCard. */
export interface ToolCallCardProps {
  item: ToolCallItem;
  session: Pick<ChatSession, 'approve' | 'deny'>;
  selected: boolean;
  onSelect?(id: string): void;
}

/**
 * One tool call from request to result: who was called with what, its status, progress and
 * duration, the raw result, the failure if any, and exactly what the model was given.
 */
export function ToolCallCard({ item, session, selected, onSelect }: ToolCallCardProps) {
  const [showModelSaw, setShowModelSaw] = useState(false);
  const now = useNow(item.status === 'running' && item.endedAt === undefined);
  const status = statusLabel(item.status);
  const decision = decisionLabel(item.decision);
  const duration = durationLabel(item, now);
  const progress = item.progress;
  const remote = item.origin === 'local' ? '' : [item.server, item.remoteName].filter((part) => part !== undefined).join(' · ');

  return (
    <article
      className={`tool-call ${selected ? 'selected' : ''}`}
      data-testid="tool-call"
      data-status={item.status}
      data-tool-call-id={item.id}
      aria-current={selected ? 'true' : undefined}
      aria-label={`Tool call ${item.publicName}, ${status.text}`}
      onClick={() => onSelect?.(item.id)}
    >
      <header className="tool-call-head">
        <span className="tool-call-icon" aria-hidden="true">
          ⚙
        </span>
        <span className="tool-call-name mono">{item.publicName}</span>
        {remote !== '' && <span className="tool-call-remote faint">{remote}</span>}
        {item.origin === 'local' && <span className="badge">local tool</span>}
        <span className="spacer" />
        <span className={`badge ${status.tone}`} data-testid="tool-call-status">
          {status.text}
        </span>
        {duration !== '' && <span className="tool-call-duration faint">{duration}</span>}
      </header>

      <div className="tool-call-meta faint">
        step {item.step}
        {decision !== undefined && <> · {decision}</>}
        <span className="spacer" />
        {onSelect && (
          <button
            type="button"
            className="link-button"
            onClick={(event) => {
              event.stopPropagation();
              onSelect(item.id);
            }}
          >
            Show on the wires
          </button>
        )}
      </div>

      {item.status === 'awaiting-approval' ? (
        <ApprovalCard item={item} session={session} />
      ) : (
        <details className="tool-call-args" open>
          <summary>Arguments</summary>
          <ArgumentsView item={item} />
        </details>
      )}

      {progress !== undefined && item.status === 'running' && (
        <div className="tool-call-progress">
          <progress
            value={progress.total !== undefined ? progress.progress : undefined}
            max={progress.total !== undefined ? progress.total : undefined}
            aria-label={`Progress of ${item.publicName}: ${progressLabel(progress)}`}
          />
          <span className="faint">{progressLabel(progress)}</span>
        </div>
      )}

      {item.failure !== undefined && (
        <div className="tool-call-failure" data-testid="tool-call-failure" data-category={item.failure.category}>
          <span className="badge err">{failureLabel(item.failure.category)}</span> <span>{item.failure.message}</span>
        </div>
      )}

      {item.mcpResult !== undefined && (
        <div className="tool-call-result">
          <div className="section-title">Result{item.origin === 'local' ? '' : ' (from the server)'}</div>
          <ToolResultView result={item.mcpResult} testId="tool-call-result" />
          <OutputCheckView check={item.outputCheck} />
        </div>
      )}

      {item.origin === 'mcp' &&
        item.server !== undefined &&
        item.remoteName !== undefined &&
        item.decision !== 'denied' &&
        item.decision !== 'denied-by-policy' && (
          // From the first streamed byte (its view gets the arguments as they grow) through approval to the result.
          <ToolApp call={toolAppCall(item, item.server, item.remoteName)} />
        )}

      {(item.modelResult !== undefined || item.truncated === true) && (
        <div className="tool-call-model-saw">
          <button
            type="button"
            className="small-button"
            data-testid="model-saw-toggle"
            aria-expanded={showModelSaw}
            onClick={(event) => {
              event.stopPropagation();
              setShowModelSaw(!showModelSaw);
            }}
          >
            {showModelSaw ? '▾' : '▸'} What the model saw
          </button>
          {item.truncated === true && <span className="badge warn">truncated for the model</span>}
          {showModelSaw && <ModelSawView result={item.modelResult} />}
        </div>
      )}
    </article>
  );
}

/** The arguments as a JSON tree, or the raw text when the model sent something unparseable. */
/** What an MCP App view of this call is told: the arguments (partial while streaming, whole once known), the result, the end. */
function toolAppCall(item: ToolCallItem, server: string, toolName: string): ToolAppCall {
  const status =
    item.status === 'failed' ? 'cancelled' : item.mcpResult !== undefined ? 'done' : item.status === 'streaming' ? 'streaming' : 'running';
  return {
    server,
    toolName,
    toolCallId: item.id,
    status,
    result: item.mcpResult,
    ...(item.status === 'streaming' ? { partialInput: item.partialArgs } : { input: item.args }),
  };
}

function ArgumentsView({ item }: { item: ToolCallItem }) {
  if (item.status === 'streaming') {
    return (
      <pre className="mono tool-call-streaming-args" data-testid="tool-call-streaming-args" aria-live="off">
        {item.rawArguments === '' || item.rawArguments === undefined ? '…' : item.rawArguments}
      </pre>
    );
  }
  if (item.args === undefined && item.rawArguments !== undefined) {
    return (
      <div>
        <div className="muted">The model sent arguments that are not valid JSON:</div>
        <pre className="mono">{item.rawArguments}</pre>
      </div>
    );
  }
  if (item.args === undefined) return <div className="muted">No arguments.</div>;
  return <JsonView value={item.args} openDepth={3} label={`Arguments of ${item.publicName}`} />;
}
