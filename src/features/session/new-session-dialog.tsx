import { useEffect, useId, useRef } from 'react';

/** Props for NewSessionDialog. */
export interface NewSessionDialogProps {
  /** Export the current session, then start the new one. */
  onExportFirst(): void;
  /** Start the new one without exporting. */
  onDiscard(): void;
  onCancel(): void;
  /** Why the export failed, when it did (the session is then kept). */
  error?: string;
}

/**
 * The question before a new session: the conversation and both traffic logs will be cleared
 * (config, tool policies and server connections stay), so an export is offered first.
 * A native modal dialog: focus is trapped and Escape cancels.
 */
export function NewSessionDialog({ onExportFirst, onDiscard, onCancel, error }: NewSessionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="session-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="session-new-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>Start a new session?</h2>
      <p id={textId}>
        The conversation and both traffic logs will be cleared. Your config, tool policies and server connections stay.{' '}
        <strong>Export first</strong> saves the current session as a file, then starts the new one.
      </p>
      {error !== undefined && (
        <p className="error-box" role="alert" data-testid="session-new-error">
          {error}
        </p>
      )}
      <div className="session-dialog-actions">
        <button type="button" className="button primary" onClick={onExportFirst} data-testid="session-new-export" autoFocus>
          Export first
        </button>
        <button type="button" className="button danger" onClick={onDiscard} data-testid="session-new-discard">
          Discard and start new
        </button>
        <button type="button" className="button" onClick={onCancel} data-testid="session-new-cancel">
          Cancel
        </button>
      </div>
    </dialog>
  );
}
