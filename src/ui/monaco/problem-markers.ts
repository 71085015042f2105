import type { ConfigProblem, ProblemSeverity } from '../../core/config';

/** Monaco's `MarkerSeverity` values, repeated here so this module needs no Monaco import. */
export const MARKER_SEVERITY = { hint: 1, info: 2, warning: 4, error: 8 } as const;

/** One of Monaco's numeric marker severities. */
export type MarkerSeverityValue = (typeof MARKER_SEVERITY)[keyof typeof MARKER_SEVERITY];

/** The owner name under which an editor sets its reader's problems as markers on the Monaco model. */
export const MARKER_OWNER = 'glassbox';

/** Plain marker data with the fields of Monaco's `IMarkerData` that an editor sets for a problem. */
export interface ProblemMarkerData {
  severity: MarkerSeverityValue;
  message: string;
  code: string;
  source: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Maps a problem's severity to Monaco's numeric marker severity. */
export function markerSeverityOf(severity: ProblemSeverity): MarkerSeverityValue {
  switch (severity) {
    case 'error':
      return MARKER_SEVERITY.error;
    case 'warning':
      return MARKER_SEVERITY.warning;
    case 'info':
      return MARKER_SEVERITY.info;
    default: {
      const unknown: never = severity;
      throw new Error(`Unknown problem severity: ${String(unknown)}`);
    }
  }
}

/**
 * Converts one reader problem (of mcp.json or an eval file) into Monaco marker data, naming
 * `source` (`mcp.json`, `evals`). The marker is drawn at the place, so its message is the
 * problem's `reason` (the sentence without "Line L, column C: "). Positions are clamped to 1 and
 * an end before the start collapses onto the start (Monaco widens an empty marker to the word under it).
 */
export function problemToMarker(problem: ConfigProblem, source: string): ProblemMarkerData {
  const startLineNumber = atLeastOne(problem.line);
  const startColumn = atLeastOne(problem.column);
  let endLineNumber = atLeastOne(problem.endLine);
  let endColumn = atLeastOne(problem.endColumn);
  if (endLineNumber < startLineNumber || (endLineNumber === startLineNumber && endColumn < startColumn)) {
    endLineNumber = startLineNumber;
    endColumn = startColumn;
  }
  return {
    severity: markerSeverityOf(problem.severity),
    message: problem.reason || problem.message,
    code: problem.code,
    source,
    startLineNumber,
    startColumn,
    endLineNumber,
    endColumn,
  };
}

/** Converts every problem into marker data, in the same order. */
export function problemsToMarkers(problems: readonly ConfigProblem[], source: string): ProblemMarkerData[] {
  return problems.map((problem) => problemToMarker(problem, source));
}

function atLeastOne(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}
