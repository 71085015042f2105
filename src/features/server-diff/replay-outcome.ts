/** Replay on B: one call's answer on B compared with the answer A gave when it was recorded. */
import { compareResults, type RecordedToolCall } from '../../core/snapshot';

export type Answer = NonNullable<RecordedToolCall['answer']>;

/** One replayed call: B's answer and how it compares with A's. */
export type Outcome =
  | { state: 'running' }
  | { state: 'done'; same: boolean; paths: string[]; ignored: string[]; note?: string }
  | { state: 'not-recorded'; note: string };

/** The two answers compared: results with results (paths inside the result), otherwise the answers as they are. */
export function compareAnswers(a: Answer | undefined, b: Answer): Outcome {
  if (a === undefined) return { state: 'not-recorded', note: 'A never answered this call, so there is nothing to compare.' };
  const bothResults = 'result' in a && 'result' in b;
  const comparison = bothResults ? compareResults(a.result, b.result) : compareResults(a, b);
  const note =
    'error' in a && 'error' in b
      ? 'Both failed.'
      : 'error' in b
        ? 'B failed where A answered.'
        : 'error' in a
          ? 'B answered where A failed.'
          : undefined;
  return {
    state: 'done',
    same: comparison.same,
    paths: comparison.differences.map((difference) => difference.path || '/'),
    ignored: comparison.ignored,
    ...(note !== undefined && { note }),
  };
}
