/**
 * A check report written out: JSON (the report itself), JUnit XML (one test case per finding,
 * a testsuite per category), Markdown (a summary table and the problems) and a small SVG badge
 * (a static file to commit; no service). Pure functions of the report.
 */
import { CHECK_CATEGORIES, SEVERITIES, type CheckFinding, type CheckReport, type CheckSeverity } from './types';

/** The report as JSON, two-space indented. */
export function toJsonReport(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Whether the report has a finding at or above `threshold` (the headless command exits 1 then). */
export function reachesThreshold(report: Pick<CheckReport, 'findings'>, threshold: 'fail' | 'warn'): boolean {
  const limit = SEVERITIES.indexOf(threshold);
  return report.findings.some((finding) => SEVERITIES.indexOf(finding.severity) <= limit);
}

/** Text safe in XML attributes and content; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

const caseName = (finding: CheckFinding): string => (finding.subject ? `${finding.id} [${finding.subject}]` : finding.id);

function detailLines(finding: CheckFinding): string[] {
  return [
    `expected: ${finding.expected}`,
    `actual: ${finding.actual}`,
    `rule: ${finding.rule.label} ${finding.rule.url}`,
    ...(finding.fix ? [`fix: ${finding.fix}`] : []),
    ...(finding.exchangeIds.length > 0 ? [`exchanges: ${finding.exchangeIds.join(', ')}`] : []),
  ];
}

/**
 * JUnit XML: a testsuite per category, a testcase per finding. A `fail` is a <failure>; a `warn`
 * is a passing case with its text in <system-out> (CI shows it without failing the build; the
 * command's --fail-on warn decides that); `info` likewise; `pass` an empty case.
 */
export function toJUnitXml(report: CheckReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const failures = report.findings.filter((finding) => finding.severity === 'fail').length;
  lines.push(
    `<testsuites name="${xml(`server check: ${report.server}`)}" tests="${report.findings.length}" failures="${failures}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
  );
  for (const { id, label } of CHECK_CATEGORIES) {
    const findings = report.findings.filter((finding) => finding.category === id);
    if (findings.length === 0) continue;
    const failed = findings.filter((finding) => finding.severity === 'fail').length;
    lines.push(`  <testsuite name="${xml(label)}" tests="${findings.length}" failures="${failed}" errors="0" skipped="0">`);
    for (const finding of findings) {
      const open = `    <testcase name="${xml(caseName(finding))}" classname="${xml(`${report.server}.${id}`)}"`;
      if (finding.severity === 'pass') {
        lines.push(`${open}/>`);
      } else if (finding.severity === 'fail') {
        lines.push(`${open}>`);
        lines.push(`      <failure message="${xml(finding.title)}" type="CheckFailure">${xml(detailLines(finding).join('\n'))}</failure>`);
        lines.push('    </testcase>');
      } else {
        lines.push(`${open}>`);
        lines.push(`      <system-out>${xml([`${finding.severity}: ${finding.title}`, ...detailLines(finding)].join('\n'))}</system-out>`);
        lines.push('    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

const ICON: Record<CheckSeverity, string> = { fail: '✗', warn: '⚠', info: 'ℹ', pass: '✓' };

/** A Markdown table cell: pipes escaped, one line. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** Markdown: the summary table per category, then each failure and warning with its rule and fix. */
export function toMarkdown(report: CheckReport): string {
  const out: string[] = [];
  out.push(`# Server check: ${report.server}`, '');
  out.push(
    `${report.url} · era ${report.era ?? 'unknown'} · ${new Date(report.startedAt).toISOString()} · ${(report.durationMs / 1000).toFixed(1)} s · ${report.environment}`,
    '',
  );
  out.push('| Category | Passed | Warnings | Failures | Notes |', '| --- | ---: | ---: | ---: | ---: |');
  for (const row of report.summary) out.push(`| ${row.label} | ${row.pass} | ${row.warn} | ${row.fail} | ${row.info} |`);
  out.push('');
  const problems = report.findings.filter((finding) => finding.severity === 'fail' || finding.severity === 'warn');
  if (problems.length === 0) out.push('No failures or warnings.', '');
  for (const finding of problems) {
    out.push(`## ${ICON[finding.severity]} ${finding.title}`, '');
    out.push(`- check: \`${caseName(finding)}\` (${finding.severity}, ${finding.category}${finding.nodeOnly ? ', headless only' : ''})`);
    out.push(`- expected: ${cell(finding.expected)}`);
    out.push(`- actual: ${cell(finding.actual)}`);
    out.push(`- rule: [${cell(finding.rule.label)}](${finding.rule.url})`);
    if (finding.fix) out.push(`- fix: ${cell(finding.fix)}`);
    out.push('');
  }
  if (report.cost.server.length > 0) {
    out.push('## Context cost', '', '| Format | Tokens | Share of window | Most expensive |', '| --- | ---: | ---: | --- |');
    for (const cost of report.cost.server) {
      const top = cost.top.map((entry) => `${entry.tool} (${entry.tokens})`).join(', ');
      out.push(`| ${cost.format} | ${cost.tokens} | ${(cost.share * 100).toFixed(1)}% of ${cost.contextWindow} | ${cell(top)} |`);
    }
    out.push('');
  }
  if (report.changes) {
    const { appeared, resolved, changed } = report.changes;
    out.push('## Since the last run', '');
    if (appeared.length + resolved.length + changed.length === 0) out.push('Nothing changed.');
    for (const finding of appeared) out.push(`- new ${finding.severity}: ${caseName(finding)}: ${cell(finding.title)}`);
    for (const finding of resolved) out.push(`- resolved: ${caseName(finding)}: ${cell(finding.title)}`);
    for (const entry of changed) out.push(`- ${entry.before} → ${entry.finding.severity}: ${caseName(entry.finding)}`);
    out.push('');
  }
  return out.join('\n');
}

/** Width of a text in the badge's 11 px Verdana, roughly (the usual badge estimate). */
const textWidth = (text: string): number => Math.round(text.length * 6.5 + 10);

/** A small flat SVG badge: "MCP check | passing" / "3 warnings" / "2 failures". */
export function toBadgeSvg(report: Pick<CheckReport, 'findings'>): string {
  const fails = report.findings.filter((finding) => finding.severity === 'fail').length;
  const warns = report.findings.filter((finding) => finding.severity === 'warn').length;
  const label = 'MCP check';
  const value =
    fails > 0 ? `${fails} failure${fails === 1 ? '' : 's'}` : warns > 0 ? `${warns} warning${warns === 1 ? '' : 's'}` : 'passing';
  const color = fails > 0 ? '#e05d44' : warns > 0 ? '#dfb317' : '#4c1';
  const left = textWidth(label);
  const right = textWidth(value);
  const width = left + right;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${xml(`${label}: ${value}`)}">`,
    `<title>${xml(`${label}: ${value}`)}</title>`,
    `<rect width="${left}" height="20" fill="#555"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="${color}"/>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${left / 2}" y="14">${xml(label)}</text>`,
    `<text x="${left + right / 2}" y="14">${xml(value)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
