/** Shared test material for the views of config problems (the editor's summary, Monaco's markers). */
import type { ConfigProblem } from '../config-types';

/** A `bad-url` error on the weather server's url (line 4, columns 14–27); `overrides` change any field. */
export function problem(overrides: Partial<ConfigProblem> = {}): ConfigProblem {
  return {
    code: 'bad-url',
    severity: 'error',
    message: 'Line 4, column 14: "url" must be an absolute http(s) address.',
    reason: '"url" must be an absolute http(s) address.',
    line: 4,
    column: 14,
    endLine: 4,
    endColumn: 27,
    offset: 61,
    length: 13,
    path: ['mcpServers', 'weather', 'url'],
    server: 'weather',
    ...overrides,
  };
}
