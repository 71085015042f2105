import type { PendingAttachment } from '../../core/agent';

/** The resources attached for the next message, each removable before it is sent. */
export function AttachmentChips({ attachments, onRemove }: { attachments: readonly PendingAttachment[]; onRemove(id: string): void }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label="Attached to the next message" data-testid="attachment-chips">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          className="badge info attachment-chip"
          data-testid="attachment-chip"
          title="Goes with your next message, after its text"
        >
          <span className="mono">{attachment.label}</span>
          <button
            type="button"
            className="link-button small"
            aria-label={`Remove ${attachment.label}`}
            data-testid="attachment-remove"
            onClick={() => onRemove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
