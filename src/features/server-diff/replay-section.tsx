import { useMemo, useState } from 'react';
import { DestructiveConfirm } from '../../ui/destructive-confirm';
import type { Services } from '../../core/composition';
import type { McpToolInfo } from '../../core/mcp';
import { recordedToolCalls } from '../../core/snapshot';
import { compareAnswers, type Answer, type Outcome } from './replay-outcome';
import { useStoreValue } from '../../ui/use-store';

/** A short one-line view of a call's arguments. */
const argumentsText = (args: Record<string, unknown>): string => {
  const text = JSON.stringify(args);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/**
 * Replay on B: the `tools/call`s recorded this session against A (read from the traffic log), each
 * sent again through B's connection like any call (so it is on the MCP wire), and the two answers
 * compared structurally. A call to a tool marked destructive asks once more.
 */
export function ReplaySection({
  services,
  serverA,
  serverB,
  toolsA,
}: {
  services: Services;
  /** A's config name, when A is a server of this page (live, or its first-connect snapshot). */
  serverA: string | undefined;
  /** B's config name, when B is a connected server. */
  serverB: string | undefined;
  /** A's tools (their annotations say which are destructive). */
  toolsA: readonly McpToolInfo[];
}) {
  const messageCount = useStoreValue(services.log, (log) => log.messageCount);
  const calls = useMemo(
    () => (serverA === undefined ? [] : recordedToolCalls(services.log.getSnapshot().messages.slice(0, messageCount), serverA)),
    // messageCount tells when the log grew; the log's arrays are shared between snapshots.
    [services.log, serverA, messageCount],
  );
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<number>();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, Outcome>>(new Map());
  const [error, setError] = useState<string>();
  const running = [...outcomes.values()].some((outcome) => outcome.state === 'running');
  const destructive = (tool: string) => toolsA.find((entry) => entry.name === tool)?.annotations?.destructiveHint === true;

  if (serverA === undefined)
    return (
      <p className="muted">A is a snapshot file: no call was recorded against it in this session. Choose a server of this page as A.</p>
    );
  if (serverB === undefined) return <p className="muted">Replay sends calls to B: choose a connected server as B.</p>;
  if (calls.length === 0)
    return (
      <p className="muted" data-testid="diff-replay-none">
        No tool call was recorded against {serverA} in this session. Call a tool on its card (or in the chat), then replay it here.
      </p>
    );

  const tick = (seq: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(seq);
      else next.delete(seq);
      return next;
    });

  const replay = async () => {
    setError(undefined);
    const connection = services.connections.get(serverB);
    if (!connection || connection.getState().status !== 'connected') {
      setError(`${serverB} is not connected: connect it, then replay.`);
      return;
    }
    const chosen = calls.filter((call) => ticked.has(call.seq));
    setOutcomes((current) => new Map([...current, ...chosen.map((call) => [call.seq, { state: 'running' } as Outcome] as const)]));
    for (const call of chosen) {
      let answer: Answer;
      try {
        answer = { result: await connection.callTool(call.tool, call.arguments) };
      } catch (failure) {
        answer = { error: { message: failure instanceof Error ? failure.message : String(failure) } };
      }
      const outcome = compareAnswers(call.answer, answer);
      setOutcomes((current) => new Map(current).set(call.seq, outcome));
    }
  };

  return (
    <div className="diff-replay">
      <p className="faint">
        The calls recorded against <strong>{serverA}</strong> in this session. Tick the ones to send to <strong>{serverB}</strong>: each
        goes through {serverB}&apos;s connection (you will see it on the MCP wire), and its answer is compared with {serverA}&apos;s, path
        by path (<code>_meta</code> left out).
      </p>
      <ul className="diff-replay-list">
        {calls.map((call) => {
          const outcome = outcomes.get(call.seq);
          const isDestructive = destructive(call.tool);
          return (
            <li key={call.seq} data-testid="diff-replay-call" data-tool={call.tool}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(call.seq) || confirming === call.seq}
                  data-testid={`diff-replay-pick-${call.tool}`}
                  onChange={(event) => {
                    if (!event.target.checked) {
                      setConfirming(undefined);
                      tick(call.seq, false);
                    } else if (isDestructive) setConfirming(call.seq);
                    else tick(call.seq, true);
                  }}
                />{' '}
                <span className="mono">{call.tool}</span> <span className="mono faint">{argumentsText(call.arguments)}</span>
                {isDestructive && <span className="badge warn">destructive</span>}
              </label>
              {confirming === call.seq && (
                <DestructiveConfirm
                  tool={call.tool}
                  consequence={<>sending it to {serverB} may change or delete data there.</>}
                  confirmLabel={<>Send it to {serverB}</>}
                  cancelLabel="Don't send it"
                  onConfirm={() => {
                    setConfirming(undefined);
                    tick(call.seq, true);
                  }}
                  onCancel={() => setConfirming(undefined)}
                  testId="diff-replay-confirm"
                />
              )}
              {outcome && <OutcomeView outcome={outcome} />}
            </li>
          );
        })}
      </ul>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <div className="row">
        <button
          type="button"
          className="button primary"
          disabled={ticked.size === 0 || running}
          onClick={() => void replay()}
          data-testid="diff-replay-run"
        >
          {running ? 'Replaying…' : `Replay ${ticked.size} on ${serverB}`}
        </button>
      </div>
    </div>
  );
}

/** How B's answer compares: "same", or the JSON paths that differ. */
function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.state === 'running')
    return (
      <div className="diff-result" data-testid="diff-result" data-state="running" aria-live="polite">
        Sending…
      </div>
    );
  if (outcome.state === 'not-recorded')
    return (
      <div className="diff-result" data-testid="diff-result" data-state="not-recorded">
        {outcome.note}
      </div>
    );
  return (
    <div className="diff-result" data-testid="diff-result" data-state="done" data-same={String(outcome.same)} aria-live="polite">
      {outcome.note && <span>{outcome.note} </span>}
      {outcome.same ? (
        <span className="diff-same">same{outcome.ignored.length > 0 ? ` (left out: ${outcome.ignored.join(', ')})` : ''}</span>
      ) : (
        <>
          <span>
            {outcome.paths.length} path{outcome.paths.length === 1 ? '' : 's'} differ:
          </span>
          <ul className="diff-result-paths">
            {outcome.paths.map((path) => (
              <li key={path}>
                <code data-testid="diff-result-path">{path}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
