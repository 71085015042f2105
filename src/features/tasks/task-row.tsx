import { useState } from 'react';
import type { TaskInfo } from '../../core/mcp';
import { ToolResultView } from '../../ui/tool-result-view';

/** The badge style of each status. */
const STATUS_BADGE: Record<TaskInfo['status'], string> = {
  working: 'info',
  input_required: 'warn',
  completed: 'ok',
  failed: 'err',
  cancelled: 'warn',
};

/** How a status reads to a person. */
const STATUS_LABEL: Record<TaskInfo['status'], string> = {
  working: 'working',
  input_required: 'needs input',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** Seconds, for durations a person reads. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** One task: its tool and server, status and message, how it is polled, its result or why it has none, and cancel. */
export function TaskRow({ task, cancel }: { task: TaskInfo; cancel: () => Promise<void> | undefined }) {
  const [cancelError, setCancelError] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const running = task.status === 'working' || task.status === 'input_required';
  const onCancel = async () => {
    setCancelling(true);
    setCancelError(undefined);
    try {
      await cancel();
    } catch (error) {
      setCancelError(error instanceof Error ? error.message : String(error));
    } finally {
      setCancelling(false);
    }
  };
  return (
    <li className="task-row" data-testid="task-row" data-status={task.status} data-task-id={task.taskId}>
      <div className="task-head">
        <strong>{task.toolName}</strong>
        <span className="faint">on {task.server}</span>
        <span className={`badge ${STATUS_BADGE[task.status]}`} data-testid="task-status">
          {STATUS_LABEL[task.status]}
        </span>
        <span
          className="badge"
          title={
            task.form === '2025-11-25'
              ? 'Task-augmented request (2025-11-25)'
              : 'Tasks extension io.modelcontextprotocol/tasks (2026-07-28)'
          }
        >
          {task.form === '2025-11-25' ? '2025 task' : '2026 task'}
        </span>
        {running && (
          <button
            type="button"
            className="small-button"
            data-testid="task-cancel"
            disabled={cancelling}
            onClick={() => void onCancel()}
            aria-label={`Cancel task ${task.toolName} (${task.taskId})`}
          >
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {task.statusMessage && (
        <div className="task-message" data-testid="task-message">
          {task.statusMessage}
        </div>
      )}
      {running && (
        <div className="task-progress">
          <progress aria-label={`Progress of task ${task.toolName}: ${task.statusMessage ?? task.status}`} />
          <span className="faint">
            polled {task.polls}× every {seconds(task.pollIntervalMs ?? 1000)} · {seconds(task.updatedAt - task.startedAt)}
          </span>
        </div>
      )}
      <div className="faint task-id">
        task {task.taskId}
        {task.toolCallId ? ` · tool call ${task.toolCallId}` : ''}
      </div>
      {task.problem && (
        <div className="error-box" role="alert" data-testid="task-problem">
          {task.problem}
        </div>
      )}
      {task.error && (
        <div className="error-box">
          JSON-RPC error{task.error.code !== undefined ? ` ${task.error.code}` : ''}: {task.error.message}
        </div>
      )}
      {cancelError && (
        <div className="error-box" role="alert">
          Cancelling failed: {cancelError}
        </div>
      )}
      {task.result !== undefined && <ToolResultView result={task.result} testId="task-result" />}
    </li>
  );
}
