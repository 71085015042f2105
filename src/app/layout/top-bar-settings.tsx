import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { isFirstFrame } from '../../ui/first-frame';

/**
 * The model settings in the top bar: inline when the window is wide; on smaller screens a
 * button that names the format and model and opens the full settings in a popover below it
 * (Escape or a click elsewhere closes it). The settings stay mounted either way, so switching
 * between the two keeps what the person typed. The prerendered first frame (drawn wide) carries
 * the button too, which layout.css shows only in a window too narrow for the inline settings.
 */
export function TopBarSettings({ compact, summary, children }: { compact: boolean; summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const shown = compact && open;
  const [firstFrame] = useState(isFirstFrame);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        setOpen(false);
        root.current?.querySelector<HTMLElement>('.top-settings-toggle')?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [shown]);

  return (
    <div className={`top-settings${compact ? ' compact' : ''}`} ref={root}>
      {(compact || firstFrame) && (
        <button
          type="button"
          className={`small-button top-settings-toggle${compact ? '' : ' narrow-only'}`}
          aria-expanded={open}
          aria-controls={id}
          title="Model settings: format, model, key, base URL, steps"
          data-testid="model-settings-toggle"
          onClick={() => setOpen(!open)}
        >
          <span className="top-settings-summary">{summary}</span>
          <ChevronDown aria-hidden size={12} />
        </button>
      )}
      <div className="top-settings-body" id={id} hidden={compact && !open}>
        {children}
      </div>
    </div>
  );
}
