import { useEffect, useId, useRef, useState } from 'react';
import type { CompletionSuggestions } from '../../core/mcp';

/** Wait after the last keystroke before asking the server for completions: 250 ms. */
export const COMPLETION_DEBOUNCE_MS = 250;

/** Props for CompletingInput. */
export interface CompletingInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  description?: string;
  testId: string;
  /** Asks the server (completion/complete) for values of this field; undefined: no completions. */
  suggest?: (value: string, signal: AbortSignal) => Promise<CompletionSuggestions>;
}

/**
 * A text field whose suggestions come from the server as the person types (debounced, each
 * request visible on the MCP wire). A suggestion is picked with a click or Enter on it.
 */
export function CompletingInput({ label, value, onChange, required, description, testId, suggest }: CompletingInputProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [suggestions, setSuggestions] = useState<CompletionSuggestions>();
  const picked = useRef<string | undefined>(undefined);
  // The latest `suggest` (a new closure each render), so only typing and focus ask the server again.
  const suggestRef = useRef(suggest);
  useEffect(() => {
    suggestRef.current = suggest;
  }, [suggest]);
  const canSuggest = suggest !== undefined;

  // The request in flight: a newer one replaces it (and cancels it on the wire); leaving the field
  // does not, its answer is simply not shown.
  const inflight = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => inflight.current?.abort(), []);
  useEffect(() => {
    if (!focused || !canSuggest) return;
    // A value just picked from the list needs no new suggestions.
    if (picked.current === value) return;
    const timer = setTimeout(() => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      suggestRef.current?.(value, controller.signal).then(
        (result) => {
          if (inflight.current === controller) setSuggestions(result);
        },
        () => {
          // A failed completion only means no suggestions: the field stays usable.
          if (inflight.current === controller) setSuggestions(undefined);
        },
      );
    }, COMPLETION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, focused, canSuggest]);

  const values = suggestions?.values.filter((option) => option !== value) ?? [];
  return (
    <div className="contents-field">
      <label htmlFor={id}>
        <span className="mono">{label}</span>
        {required ? <span className="required" aria-label="required"> *</span> : <span className="faint"> (optional)</span>}
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
          picked.current = undefined;
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
                  picked.current = option;
                  setSuggestions(undefined);
                  onChange(option);
                }}
              >
                {option}
              </button>
            </li>
          ))}
          {suggestions?.hasMore && <li className="faint">{suggestions.total !== undefined ? `${suggestions.total} in all` : 'more…'}: keep typing</li>}
        </ul>
      )}
    </div>
  );
}
