import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import './menu-button.css';

/** One action of a MenuButton. */
export interface MenuAction {
  label: string;
  testId: string;
  /** Why it cannot be chosen now (shown as its title); an item with a reason is disabled. */
  disabledReason?: string | undefined;
  title?: string;
  onSelect(): void;
}

/** Which item to focus when the menu opens. */
type Focus = 'first' | 'last';

/**
 * A button that opens a menu of actions, as the WAI-ARIA menu button pattern has it: Enter,
 * Space or ArrowDown open it on the first item, ArrowUp on the last; ArrowUp/ArrowDown (wrapping),
 * Home and End move between items; Escape closes it and gives focus back to the button; Tab or a
 * click elsewhere closes it. Disabled items stay focusable (aria-disabled) so a keyboard user
 * still learns they exist.
 */
export function MenuButton({
  label,
  ariaLabel,
  icon,
  testId,
  title,
  actions,
}: {
  label: string;
  ariaLabel?: string;
  icon?: ReactNode;
  testId: string;
  title?: string;
  actions: readonly MenuAction[];
}) {
  const [open, setOpen] = useState<Focus>();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (open === undefined) return;
    const all = items();
    (open === 'first' ? all[0] : all.at(-1))?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(undefined);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(undefined);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: ReactKeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const next = move[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="menu-button" ref={root}>
      <button
        type="button"
        ref={button}
        className="small-button menu-button-toggle"
        aria-haspopup="menu"
        aria-expanded={open !== undefined}
        aria-controls={open === undefined ? undefined : menuId}
        aria-label={ariaLabel}
        title={title}
        data-testid={testId}
        onClick={() => (open === undefined ? setOpen('first') : close(false))}
        onKeyDown={onButtonKey}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden size={12} />
      </button>
      {open !== undefined && (
        <div className="menu-button-menu" role="menu" id={menuId} aria-label={ariaLabel ?? label} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <button
              key={action.testId}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-button-item"
              aria-disabled={action.disabledReason === undefined ? undefined : true}
              title={action.disabledReason ?? action.title}
              data-testid={action.testId}
              onClick={() => {
                if (action.disabledReason !== undefined) return;
                close(true);
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
