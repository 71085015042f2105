/**
 * What the Evals area holds — the file being edited, the targets switched off, the chosen result,
 * and the run with its results — kept outside the panel's components, one per page's services.
 * The layout mounts the area afresh when the window crosses a layout mode's width (the config and
 * servers column becomes a drawer at 1600 px); the file, the results and a run under way outlive it.
 */
import type { EvalReport, EvalResult } from '../../core/evals';
import { Listeners } from '../../core/shared';
import { perServices } from '../../core/per-services';
import { EXAMPLE_EVALS_TEXT } from './example-evals';

/** The Evals area's state; see the file comment. */
interface EvalsState {
  /** The eval file's text and name. */
  text: string;
  fileName: string;
  /** Targets (by label) the person switched off. */
  off: ReadonlySet<string>;
  /** The result shown in detail. */
  selected?: { caseName: string; target: string } | undefined;
  running: boolean;
  results: readonly EvalResult[];
  report?: EvalReport | undefined;
  /** Servers that did not connect, and other notes about the run. */
  notes: readonly string[];
}

/** The Evals area's store: a snapshot, `update`, `subscribe`, and the run's abort controller. */
class EvalsStore {
  private state: EvalsState = {
    text: EXAMPLE_EVALS_TEXT,
    fileName: 'example.evals.json',
    off: new Set(),
    running: false,
    results: [],
    notes: [],
  };
  private readonly listeners = new Listeners();
  /** The run under way, if any (one at a time). */
  controller: AbortController | undefined;

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): EvalsState => this.state;

  /** Changes some fields; `change` may compute them from the state before. */
  update(change: Partial<EvalsState> | ((state: EvalsState) => Partial<EvalsState>)): void {
    this.state = { ...this.state, ...(typeof change === 'function' ? change(this.state) : change) };
    this.listeners.notify();
  }
}

/** The Evals area's store of these services (made at first use). */
export const evalsStoreOf = perServices(() => new EvalsStore());
