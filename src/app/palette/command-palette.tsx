import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { matchCommands, type Command } from './commands';
import './command-palette.css';

/**
 * The command palette (Ctrl/⌘-K): a modal dialog with a search box over the matching commands.
 * Arrow keys move, Enter runs, Escape closes; focus goes back where it was.
 */
export function CommandPalette({ commands, onClose }: { commands: readonly Command[]; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const shown = matchCommands(commands, query);
  const current = shown[Math.min(active, shown.length - 1)];

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    input.current?.focus();
    return () => before?.focus();
  }, []);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const run = (command: Command | undefined) => {
    if (command === undefined) return;
    onClose();
    // After the palette is gone, so focus can move to what the command shows.
    requestAnimationFrame(() => command.run());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.min(active, shown.length - 1) + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(current);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="palette-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        data-testid="command-palette"
        onKeyDown={onKeyDown}
      >
        <input
          ref={input}
          type="text"
          className="palette-input"
          role="combobox"
          aria-label="Type a command"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={current ? `${id}-${current.id}` : undefined}
          aria-autocomplete="list"
          placeholder="Type a command: connect, call a tool, format, clear, export, go to…"
          value={query}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          data-testid="command-palette-input"
        />
        <ul className="palette-list" role="listbox" id={`${id}-list`} aria-label="Commands" ref={list}>
          {shown.map((command) => (
            <li
              key={command.id}
              id={`${id}-${command.id}`}
              role="option"
              aria-selected={command === current}
              className="palette-option"
              data-testid={`command-${command.id}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              <span className="palette-group">{command.group}</span>
              <span className="palette-title">{command.title}</span>
            </li>
          ))}
          {shown.length === 0 && <li className="palette-empty muted">No command matches.</li>}
        </ul>
      </div>
    </div>
  );
}
