import type { ReactNode } from 'react';

/** What a destructive tool's confirmation shows and does. */
interface DestructiveConfirmProps {
  tool: string;
  /** What sending it may do, after the tool's name ("is marked destructive: …"). */
  consequence: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  testId: string;
  className?: string;
}

/** A tool marked destructive asks once more before it is sent: what it may do, then go or don't. */
export function DestructiveConfirm({
  tool,
  consequence,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  testId,
  className,
}: DestructiveConfirmProps) {
  return (
    <div className={className ? `warn-box ${className}` : 'warn-box'} role="alert" data-testid={testId}>
      <strong>{tool}</strong> is marked destructive: {consequence}
      <div className="row">
        <button type="button" className="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
