import type { CheckEra } from '../../src/core/checks';
/** The official suite's server scenarios that apply to any server → the eras each applies to. */
export declare const SUITE_SCENARIO_ERAS: Readonly<Record<string, CheckEra[]>>;
/** One scenario run by the suite (Node 22): "problem" when it reports a FAILURE or WARNING, and its wall time. */
export declare function runSuiteScenario(
  url: string,
  scenario: string,
  era: CheckEra,
  folder: string,
): Promise<{ verdict: 'ok' | 'problem'; reason: string; ms: number }>;
