import { useState } from 'react';
import type { ImportedView } from './imported-view';

/** What the replay shows: nothing yet, running, or its outcome. */
type ReplayState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; summary: string; same: boolean; problems: string[] };

/** Props for ReplayWithMocks. */
export interface ReplayWithMocksProps {
  view: ImportedView;
  /** Shows the replay's stores in place of the file's (they fill as the replay runs). */
  onShowReplay(view: ImportedView): void;
}

/**
 * "Replay with mocks" on a repro's banner: runs the file's turns again with the MCP side answered
 * by the repro's mocks and the model side by the recording (core/repro-replay), shows the replay as
 * it runs, and then says whether every model request was the same as recorded, byte for byte.
 */
export function ReplayWithMocks({ view, onShowReplay }: ReplayWithMocksProps) {
  const [state, setState] = useState<ReplayState>({ kind: 'idle' });
  const mocks = view.mocks ?? [];

  const start = async () => {
    setState({ kind: 'running' });
    try {
      const [{ replayWithMocks }, { describeComparison }] = await Promise.all([
        import('../../core/repro-replay'),
        import('../../core/repro'),
      ]);
      const replay = replayWithMocks({ session: view.file, mocks });
      const { services } = replay;
      onShowReplay({
        ...view,
        log: services.log,
        session: services.session,
        // The file's replays stay (read-only): a turn of the replay is not replayed again from here.
        replayed: true,
        dispose: () => void services.connections.disconnectAll(),
      });
      const { comparison, problems } = await replay.done;
      setState({ kind: 'done', summary: describeComparison(comparison), same: comparison.differences.length === 0, problems });
    } catch (error) {
      setState({
        kind: 'done',
        summary: `The replay could not run: ${error instanceof Error ? error.message : String(error)}`,
        same: false,
        problems: [],
      });
    }
  };

  return (
    <div className="repro-replay">
      <button
        type="button"
        className="button"
        data-testid="repro-replay"
        disabled={state.kind === 'running' || mocks.length === 0}
        title={
          mocks.length === 0
            ? 'This repro has no mocks: its servers cannot answer a replay'
            : 'Run these turns again here: the servers answered by the mocks in this file, the model by the recording. Nothing leaves the page.'
        }
        onClick={() => void start()}
      >
        {state.kind === 'running' ? 'Replaying with mocks…' : 'Replay with mocks'}
      </button>
      {state.kind === 'done' && (
        <span
          className={`repro-replay-result ${state.same ? 'ok' : 'error'}`}
          role="status"
          data-testid="repro-replay-result"
          data-same={state.same}
        >
          {state.summary}
          {state.problems.length > 0 && ` ${state.problems.join(' ')}`}
        </span>
      )}
    </div>
  );
}
