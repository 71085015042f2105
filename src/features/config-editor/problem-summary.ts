import type { ConfigProblem, ProblemSeverity } from '../../core/config';

/** How many problems there are of each severity. */
export type ProblemCounts = Record<ProblemSeverity, number>;

/** Counts problems by severity. */
export function countProblems(problems: readonly ConfigProblem[]): ProblemCounts {
  const counts: ProblemCounts = { error: 0, warning: 0, info: 0 };
  for (const problem of problems) counts[problem.severity] += 1;
  return counts;
}

const NOUNS: Record<ProblemSeverity, [singular: string, plural: string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};

/** A short summary for the editor's header: `2 errors · 1 warning`, or `No problems`. */
export function summarizeProblems(problems: readonly ConfigProblem[]): string {
  const counts = countProblems(problems);
  const parts: string[] = [];
  for (const severity of ['error', 'warning', 'info'] as const) {
    const count = counts[severity];
    if (count === 0) continue;
    const [singular, plural] = NOUNS[severity];
    parts.push(`${count} ${count === 1 ? singular : plural}`);
  }
  return parts.length === 0 ? 'No problems' : parts.join(' · ');
}
