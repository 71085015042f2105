import { useEffect, useId, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompletionSuggestions } from '../../core/mcp';
import type { completionQuery } from './server-queries';

/** Wait after the last keystroke before asking the server for completions: 250 ms. */
const COMPLETION_DEBOUNCE_MS = 250;

/** Props for CompletingInput. */
export interface CompletingInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  description?: string;
  testId: string;
  /** The completion/complete query of this field for a value (server-queries.ts); undefined: no completions. */
  suggest?: (value: string) => ReturnType<typeof completionQuery>;
}

/** The query of a field without completions (never run). */
const NO_COMPLETIONS = queryOptions({
  queryKey: ['mcp', 'no-completions'] as readonly unknown[],
  queryFn: (): CompletionSuggestions => ({ values: [] }),
  placeholderData: (previous?: CompletionSuggestions) => previous,
});

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A text field whose suggestions come from the server as the person types (debounced, each
 * request visible on the MCP wire; a newer value's request replaces the older one, which is
 * cancelled on the wire). A suggestion is picked with a click or Enter on it.
 */
export function CompletingInput({ label, value, onChange, required, description, testId, suggest }: CompletingInputProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  // A value just picked from the list needs no new suggestions, and the list closes.
  const [picked, setPicked] = useState<string>();
  const settled = useSettled(value, COMPLETION_DEBOUNCE_MS);
  const asking = suggest !== undefined && focused && picked !== value;
  // Asked for the settled value; until a newer one's answer arrives, the last answer stays shown.
  // Leaving the field does not cancel a request on its way: its answer is simply not shown.
  const query = useQuery({ ...(suggest?.(settled) ?? NO_COMPLETIONS), enabled: asking && picked !== settled });
  // A failed completion only means no suggestions: the field stays usable.
  const suggestions = asking && !query.isError ? query.data : undefined;

  const values = suggestions?.values.filter((option) => option !== value) ?? [];
  return (
    <div className="contents-field">
      <label htmlFor={id}>
        <span className="mono">{label}</span>
        {required ? (
          <span className="required" aria-label="required">
            {' '}
            *
          </span>
        ) : (
          <span className="faint"> (optional)</span>
        )}
        {description && <span className="faint"> — {description}</span>}
      </label>
      <input
        id={id}
        data-testid={testId}
        value={value}
        required={required}
        autoComplete="off"
        onFocus={() => setFocused(true)}
        onBlur={() => setTimeout(() => setFocused(false), 200)}
        onChange={(event) => {
          setPicked(undefined);
          onChange(event.target.value);
        }}
      />
      {focused && values.length > 0 && (
        <ul className="completion-list" aria-label={`Suggestions for ${label}`}>
          {values.map((option) => (
            <li key={option}>
              <button
                type="button"
                className="link-button small mono"
                data-testid="completion-option"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setPicked(option);
                  onChange(option);
                }}
              >
                {option}
              </button>
            </li>
          ))}
          {suggestions?.hasMore && (
            <li className="faint">{suggestions.total !== undefined ? `${suggestions.total} in all` : 'more…'}: keep typing</li>
          )}
        </ul>
      )}
    </div>
  );
}
