import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** The form controls a read-only frame disables. */
const FORM_CONTROLS = 'form textarea, form input, form button, form select';

/** Disables every control of every form inside `root`. */
function disableFormControls(root: HTMLElement): void {
  for (const control of root.querySelectorAll<HTMLTextAreaElement | HTMLInputElement | HTMLButtonElement | HTMLSelectElement>(
    FORM_CONTROLS,
  )) {
    // Only when needed: setting the attribute again would wake the observer again.
    if (control.disabled) continue;
    control.disabled = true;
  }
}

/**
 * Shows its children read-only: the controls of every form inside (the chat's message box,
 * Send and Stop) are disabled and kept disabled, while everything else (scrolling, selecting a
 * tool call, expanding what the model saw) keeps working.
 *
 * Why not a disabled `<fieldset>`: it would disable every button in the conversation too, and
 * leave the scrolling conversation with nothing a keyboard can focus. The chat feature has no
 * read-only mode of its own, so this frame enforces it from outside; a MutationObserver
 * re-disables a control React enables again (e.g. Send after the draft changes).
 */
export function ReadOnlyFrame({ readOnly, label, children }: { readOnly: boolean; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const frame = ref.current;
    if (!readOnly || !frame) return;
    // Leaving read-only unmounts these children (the tree changes shape), so nothing needs re-enabling.
    disableFormControls(frame);
    const observer = new MutationObserver(() => disableFormControls(frame));
    observer.observe(frame, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    return () => observer.disconnect();
  }, [readOnly]);

  if (!readOnly) return <>{children}</>;
  return (
    <div ref={ref} className="readonly-frame" role="group" aria-label={label} data-testid="readonly-frame">
      {children}
    </div>
  );
}
