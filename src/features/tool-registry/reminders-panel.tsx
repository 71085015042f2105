import type { Reminder, ReminderStore } from '../../core/tools';
import { useStore } from '../../ui/use-store';
import './tool-registry.css';

/** The parts of ReminderStore the reminders panel uses. */
export type ReminderControls = Pick<ReminderStore, 'subscribe' | 'getSnapshot' | 'remove' | 'lastProblem'>;

/** Props for RemindersPanel. */
export interface RemindersPanelProps {
  /** The ReminderStore the local `add_reminder` tool writes into. */
  reminders: ReminderControls;
}

/** Formats an ISO time for people; shows the raw text when it is not a valid date. */
function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Keeps a reminder's text short enough for a button label. */
function shorten(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The reminders the agent saved with its own `add_reminder` tool, each removable. */
export function RemindersPanel({ reminders }: RemindersPanelProps) {
  const list = useStore(reminders);
  // Read after subscribing: every change that sets or clears the problem also notifies.
  const problem = reminders.lastProblem;
  return (
    <div className="reminders" data-testid="reminders">
      {problem !== undefined && (
        <div className="warn-box reminders-problem" role="status">
          {problem}
        </div>
      )}
      {list.length === 0 ? (
        <div className="empty" data-testid="reminders-empty">
          No reminders yet — ask the agent to add one (the add_reminder tool is the agent&apos;s own, not an MCP tool).
        </div>
      ) : (
        <ul className="reminder-list" aria-label="Reminders">
          {list.map((reminder) => (
            <ReminderItem key={reminder.id} reminder={reminder} onRemove={() => reminders.remove(reminder.id)} />
          ))}
        </ul>
      )}
      <p className="reminders-footnote faint">Saved in this browser only; nothing is sent anywhere and no notification fires.</p>
    </div>
  );
}

function ReminderItem({ reminder, onRemove }: { reminder: Reminder; onRemove: () => void }) {
  return (
    <li className="reminder" data-testid="reminder" data-id={reminder.id}>
      <div className="reminder-body">
        <div className="reminder-text">{reminder.text}</div>
        <div className="reminder-meta">
          <span className="reminder-when" title="When, as the model wrote it">
            <span className="faint">when</span> {reminder.when}
          </span>
          <span className="reminder-created faint">
            added <time dateTime={reminder.createdAt}>{formatCreated(reminder.createdAt)}</time>
          </span>
        </div>
      </div>
      <button
        type="button"
        className="small-button reminder-remove"
        onClick={onRemove}
        aria-label={`Remove reminder "${shorten(reminder.text)}"`}
        title="Remove this reminder"
      >
        ✕
      </button>
    </li>
  );
}
