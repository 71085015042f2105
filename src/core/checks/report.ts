/**
 * The report's arithmetic: findings sorted worst first, counted per category, and compared with
 * the last run's (by check id and subject).
 */
import { CHECK_CATEGORIES, SEVERITIES, type CategorySummary, type CheckFinding, type CheckSeverity, type ReportChanges } from './types';

const rank = (severity: CheckSeverity): number => SEVERITIES.indexOf(severity);
const categoryRank = (finding: CheckFinding): number => CHECK_CATEGORIES.findIndex((entry) => entry.id === finding.category);

/** Findings in the report's order: by category, then worst first, then by id and subject. */
export function sortFindings(findings: readonly CheckFinding[]): CheckFinding[] {
  return [...findings].sort(
    (a, b) =>
      categoryRank(a) - categoryRank(b) ||
      rank(a.severity) - rank(b.severity) ||
      a.id.localeCompare(b.id) ||
      (a.subject ?? '').localeCompare(b.subject ?? ''),
  );
}

/** Passed, notes, warnings and failures of each category, in the report's order. */
export function summarize(findings: readonly CheckFinding[]): CategorySummary[] {
  return CHECK_CATEGORIES.map(({ id, label }) => {
    const summary: CategorySummary = { category: id, label, pass: 0, info: 0, warn: 0, fail: 0 };
    for (const finding of findings) if (finding.category === id) summary[finding.severity] += 1;
    return summary;
  });
}

/** A finding's identity across runs. */
const findingKey = (finding: Pick<CheckFinding, 'id' | 'subject'>): string => `${finding.id}\u0000${finding.subject ?? ''}`;

const isProblem = (severity: CheckSeverity | undefined): boolean => severity === 'fail' || severity === 'warn';

/** What changed from `previous` to `current`: problems that appeared, were resolved, or changed severity. */
export function diffReports(
  previous: { findings: readonly CheckFinding[] },
  current: { findings: readonly CheckFinding[] },
): ReportChanges {
  const before = new Map(previous.findings.map((finding) => [findingKey(finding), finding]));
  const after = new Map(current.findings.map((finding) => [findingKey(finding), finding]));
  const changes: ReportChanges = { appeared: [], resolved: [], changed: [] };
  for (const [key, finding] of after) {
    const old = before.get(key);
    if (!isProblem(finding.severity)) continue;
    if (!old || !isProblem(old.severity)) changes.appeared.push(finding);
    else if (old.severity !== finding.severity) changes.changed.push({ finding, before: old.severity });
  }
  for (const [key, finding] of before) {
    if (isProblem(finding.severity) && !isProblem(after.get(key)?.severity)) changes.resolved.push(finding);
  }
  return changes;
}
