import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { PROVIDERS, WIRE_FORMAT_IDS, isProviderId, type ProviderId } from '../../core/providers';
import type { ReplayTarget } from '../../core/agent';
import { useStore } from '../../ui/use-store';
import type { ReplayControls, ShowRequest } from './replay-controls';
import { ReplayResult } from './replay-result';
import './replay.css';

/** Props for TurnReplay. */
export interface TurnReplayProps {
  turn: number;
  /** When the turn started: replays of an older session's turn with the same number are not this turn's. */
  turnStartedAt: number;
  replays: ReplayControls;
  /** Shows a request of a replay on the model wire. */
  onShowRequest?: ShowRequest | undefined;
}

/**
 * "Replay" under a finished turn: a small form (wire format, model, base URL, call tools live)
 * that runs the turn again as a branch, and the side-by-side results of this turn's replays.
 * A read-only store (an imported session) shows its replays and offers no new one.
 */
export function TurnReplay({ turn, turnStartedAt, replays, onShowRequest }: TurnReplayProps) {
  const snapshot = useStore(replays);
  const [target, setTarget] = useState<ReplayTarget | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const formId = useId();
  const mine = snapshot.replays.filter((replay) => replay.turn === turn && replay.turnStartedAt === turnStartedAt);
  const busy = snapshot.replays.some((replay) => replay.status === 'running');

  const open = () => {
    const defaults = replays.defaults();
    setTarget(WIRE_FORMAT_IDS.includes(defaults.provider) ? defaults : { ...defaults, provider: WIRE_FORMAT_IDS[0] ?? defaults.provider });
    setProblem(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === undefined) return;
    setTarget(undefined);
    // A failed model request is a failed replay (shown in its result); a rejection is a replay that could not start.
    replays.start(turn, target).catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };

  if (replays.readOnly && mine.length === 0) return null;
  return (
    <section className="turn-replay" aria-label={`Replays of turn ${turn}`}>
      {replays.readOnly ? null : target === undefined ? (
        <button
          type="button"
          className="small-button"
          data-testid="turn-replay"
          data-turn={turn}
          onClick={open}
          disabled={busy}
          title="Run this turn again against another wire format, model or base URL, answered with the tool results recorded here"
        >
          Replay turn {turn}…
        </button>
      ) : (
        <form className="replay-target" data-testid="replay-target" aria-label={`Replay turn ${turn}`} onSubmit={submit}>
          <label htmlFor={`${formId}-provider`}>Wire format</label>
          <select
            id={`${formId}-provider`}
            data-testid="replay-target-provider"
            value={target.provider}
            onChange={(event) => isProviderId(event.target.value) && setTarget({ ...target, provider: event.target.value as ProviderId })}
          >
            {WIRE_FORMAT_IDS.map((id) => (
              <option key={id} value={id}>
                {PROVIDERS[id].label}
              </option>
            ))}
          </select>
          <label htmlFor={`${formId}-model`}>Model</label>
          <input
            id={`${formId}-model`}
            data-testid="replay-target-model"
            className="mono"
            value={target.model}
            onChange={(event) => setTarget({ ...target, model: event.target.value })}
          />
          <label htmlFor={`${formId}-base`}>Base URL</label>
          <input
            id={`${formId}-base`}
            data-testid="replay-target-base-url"
            className="mono"
            value={target.baseUrl}
            placeholder={PROVIDERS[target.provider].defaultBaseUrl}
            onChange={(event) => setTarget({ ...target, baseUrl: event.target.value })}
          />
          <label className="replay-live">
            <input
              type="checkbox"
              data-testid="replay-live"
              checked={target.callToolsLive}
              onChange={(event) => setTarget({ ...target, callToolsLive: event.target.checked })}
            />
            Call tools live (through the approval gate); off: answer with this turn&apos;s recorded results
          </label>
          <div className="replay-actions">
            <button type="submit" className="button primary" data-testid="replay-run" disabled={target.model.trim() === ''}>
              Replay
            </button>
            <button type="button" className="small-button" onClick={() => setTarget(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {problem !== undefined && (
        <p className="error-box" role="alert" data-testid="replay-problem">
          {problem}
        </p>
      )}
      {mine.map((replay) => (
        <ReplayResult key={replay.id} replay={replay} replays={replays} onShowRequest={onShowRequest} />
      ))}
    </section>
  );
}
