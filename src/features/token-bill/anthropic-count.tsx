import { useEffect, useRef, useState } from 'react';
import type { AnthropicToolCounts } from '../../core/agent';
import { formatCount } from '../../core/shared';

/** Where a count with Anthropic stands. */
export type AnthropicCountState =
  { status: 'idle' } | { status: 'counting' } | { status: 'done'; counts: AnthropicToolCounts } | { status: 'failed'; message: string };

/** The count's state and the action that starts one (only ever on the person's click). */
export function useAnthropicCount(count: (signal: AbortSignal) => Promise<AnthropicToolCounts>): [AnthropicCountState, () => void] {
  const [state, setState] = useState<AnthropicCountState>({ status: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);
  const start = (): void => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'counting' });
    count(current.signal).then(
      (counts) => !current.signal.aborted && setState({ status: 'done', counts }),
      (error: unknown) =>
        !current.signal.aborted && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return [state, start];
}

/**
 * The "Count with Anthropic" control: what it will send, and the outcome. Anthropic counts tokens
 * only with its own endpoint and the person's key, so nothing is sent until they click.
 */
export function AnthropicCountControl({
  state,
  onCount,
  enabled,
  toolCount,
}: {
  state: AnthropicCountState;
  onCount(): void;
  enabled: boolean;
  toolCount: number;
}) {
  return (
    <div className="token-bill-anthropic" role="group" aria-label="Count with Anthropic">
      <p className="note">
        Anthropic&apos;s own count: Glassbox asks its <span className="mono">/v1/messages/count_tokens</span> endpoint with your key and the
        chat&apos;s model and base URL — {toolCount + 2} requests, each on the model wire: a short probe without tools (the baseline), the
        probe with each tool alone, and with all offered tools together. A tool&apos;s figure is <em>its count alone minus the baseline</em>
        , so each includes the tool-use system prompt Anthropic adds once to any request with tools; the total is the offered tools counted
        together, minus the baseline.
      </p>
      <div className="token-bill-bar">
        <button
          type="button"
          className="small-button"
          data-testid="token-bill-count-anthropic"
          disabled={!enabled || state.status === 'counting'}
          onClick={onCount}
        >
          {state.status === 'counting' ? 'Counting…' : 'Count with Anthropic'}
        </button>
        {!enabled && <span className="muted">Switch the chat to the Anthropic Messages format (with your key) to count this way.</span>}
        {state.status === 'done' && (
          <span className="muted" data-testid="token-bill-anthropic-baseline" data-tokens={state.counts.baseline}>
            Baseline without tools: {formatCount(state.counts.baseline)} tokens
          </span>
        )}
      </div>
      {state.status === 'failed' && (
        <p className="warn-box" role="alert" data-testid="token-bill-anthropic-error">
          {state.message}
        </p>
      )}
    </div>
  );
}
