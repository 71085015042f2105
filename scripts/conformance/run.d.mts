/** The scenarios issue 14 requires to pass. */
export declare const REQUIRED: readonly string[];
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
/** The results table with the count. */
export declare function formatTable(results: Array<{ scenario: string; passed: boolean; reason: string }>): string;
