/**
 * A run's report as files: JSON (the whole report, versioned) and JUnit XML (one test suite per
 * target, one test case per case, so CI systems count and show them). No keys are in a report:
 * it holds prompts, the model's calls and answers, and the matcher's reasons.
 */
import type { EvalReport, EvalResult } from './eval-types';

/** The report as JSON text. */
export function toJsonReport(report: EvalReport): string {
  return `${JSON.stringify({ format: 'glassbox-evals', version: 1, ...report }, null, 2)}\n`;
}

/** Counts of a set of results. */
export function countResults(results: readonly EvalResult[]): { tests: number; passed: number; failures: number; errors: number } {
  return {
    tests: results.length,
    passed: results.filter((result) => result.status === 'pass').length,
    failures: results.filter((result) => result.status === 'fail').length,
    errors: results.filter((result) => result.status === 'error').length,
  };
}

/** The report as JUnit XML. */
export function toJUnitXml(report: EvalReport): string {
  const suites = report.targets.map((target) =>
    suiteXml(
      target,
      report.results.filter((result) => result.target === target),
    ),
  );
  const all = countResults(report.results);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="glassbox evals" tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function suiteXml(target: string, results: readonly EvalResult[]): string {
  const counts = countResults(results);
  const time = results.reduce((sum, result) => sum + result.runs.reduce((total, run) => total + run.durationMs, 0), 0);
  return [
    `  <testsuite name="${xml(target)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="0" time="${seconds(time)}">`,
    ...results.map(caseXml),
    '  </testsuite>',
  ].join('\n');
}

function caseXml(result: EvalResult): string {
  const time = result.runs.reduce((sum, run) => sum + run.durationMs, 0);
  const open = `    <testcase name="${xml(result.caseName)}" classname="${xml(result.target)}" time="${seconds(time)}"`;
  const runs = result.runs.length;
  const rate = `${result.runs.filter((run) => run.status === 'pass').length}/${runs} runs passed`;
  if (result.status === 'pass') return `${open}/>`;
  const lines = result.runs.flatMap((run, index) =>
    run.reasons.map((reason) => `${runs > 1 ? `run ${index + 1}: ` : ''}${reason.message}`),
  );
  const first = lines[0] ?? result.status;
  const tag = result.status === 'error' ? 'error' : 'failure';
  return [
    open + '>',
    `      <${tag} message="${xml(`${first}${runs > 1 ? ` (${rate})` : ''}`)}" type="${result.status === 'error' ? 'EvalError' : 'EvalFailure'}">${xml(lines.join('\n'))}</${tag}>`,
    '    </testcase>',
  ].join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Text safe in an XML attribute or element (control characters XML 1.0 forbids are dropped). */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/\n/g, '&#10;')
  );
}
