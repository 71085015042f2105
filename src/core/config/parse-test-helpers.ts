// Test helpers for the parser's tests: problems as compact located rows, and lookups by name.
import { readFileSync } from 'node:fs';
import type { ConfigProblem, ParseResult, ServerConfig } from './config-types';
import { parseMcpConfig } from './parse-mcp-config';

/** A problem as [code, severity, line, column, marked text]: compact, exact, and readable. */
export type ProblemRow = [string, string, number, number, string];

/** Joins lines with "\n", to write a config text line by line. */
export const lines = (...text: string[]): string => text.join('\n');

/** Problems as located rows. */
function located(result: ParseResult, text: string): ProblemRow[] {
  return result.problems.map((problem) => [
    problem.code,
    problem.severity,
    problem.line,
    problem.column,
    text.slice(problem.offset, problem.offset + problem.length),
  ]);
}

/** Parses and returns the result with its located rows. */
export function parse(text: string): { result: ParseResult; rows: ProblemRow[] } {
  const result = parseMcpConfig(text);
  return { result, rows: located(result, text) };
}

/** The text of a wild config fixture (see __fixtures__/mcp-configs-wild/INDEX.md for its source). */
export function wildFixture(file: string): string {
  return readFileSync(new URL(`./__fixtures__/mcp-configs-wild/${file}`, import.meta.url), 'utf8');
}

/** The server of that name, or a thrown error that shows what there was. */
export function server(result: ParseResult, name: string): ServerConfig {
  const found = result.config?.servers.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no server ${name} in ${JSON.stringify(result.config)}`);
  return found;
}

/** The one problem with that code (fails the test when there are none or several). */
export function only(result: ParseResult, code: string): ConfigProblem {
  const matches = result.problems.filter((problem) => problem.code === code);
  if (matches.length !== 1) throw new Error(`expected one ${code}, got ${JSON.stringify(result.problems, null, 2)}`);
  return matches[0] as ConfigProblem;
}
