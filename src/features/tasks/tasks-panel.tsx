import type { ConnectionManager, ConnectionsSnapshot, TaskInfo } from '../../core/mcp';
import { useStore } from '../../ui/use-store';
import { TaskRow } from './task-row';
import './tasks.css';

/** Props for TasksPanel. */
export interface TasksPanelProps {
  /** The connections whose tasks are listed, and through which one is cancelled. */
  manager: Pick<ConnectionManager, 'subscribe' | 'getSnapshot' | 'get'>;
}

/** Every server's tasks, newest first. */
function allTasks(snapshot: ConnectionsSnapshot): TaskInfo[] {
  return snapshot.servers.flatMap((server) => server.tasks ?? []).sort((a, b) => b.startedAt - a.startedAt);
}

/** The tasks view: one row per task a server made of a tool call (2025 task-augmented or 2026 extension). */
export function TasksPanel({ manager }: TasksPanelProps) {
  const tasks = allTasks(useStore(manager));
  if (tasks.length === 0) {
    return (
      <div className="empty" data-testid="tasks-empty">
        No tasks yet. A server may run a tool call as a task (a long job it reports on while you wait): it appears here with its status, and
        you can cancel it.
      </div>
    );
  }
  return (
    <ul className="task-list" data-testid="task-list" aria-label="Tasks">
      {tasks.map((task) => (
        <TaskRow key={`${task.server}/${task.taskId}`} task={task} cancel={() => manager.get(task.server)?.cancelTask(task.taskId)} />
      ))}
    </ul>
  );
}
