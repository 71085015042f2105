import type { Node as JsonNode } from 'jsonc-parser';
import { getNodePath } from 'jsonc-parser';
import type { ConfigProblem, ConfigProblemCode, ProblemSeverity, SourceRange } from './config-types';
import { TextPositions } from './text-positions';

/** A problem before it is placed in the text: what, how bad, where (offset and length), and why. */
export interface ProblemDraft {
  code: ConfigProblemCode;
  severity: ProblemSeverity;
  offset: number;
  length: number;
  reason: string;
  path?: Array<string | number>;
}

/**
 * Collects problems found in one mcp.json text and turns them into located, sorted `ConfigProblem`s.
 * `shift` is how many characters the parsed text has before the person's text (1 for a fragment read
 * as if wrapped in braces): offsets of the parsed tree are moved back by it, so markers stay in place.
 */
export class ProblemList {
  private readonly positions: TextPositions;
  private readonly drafts: ProblemDraft[] = [];

  constructor(
    private readonly text: string,
    private readonly shift = 0,
  ) {
    this.positions = new TextPositions(text);
  }

  /** Where a range of the parsed text lies in the person's text, as a `SourceRange`. */
  rangeOf(offset: number, length: number): SourceRange {
    const start = this.clamp(offset - this.shift);
    const end = this.clamp(offset - this.shift + length);
    return { ...this.positions.positionAt(start), offset: start, length: end - start };
  }

  /** Adds a problem at an offset range. */
  add(draft: ProblemDraft): void {
    this.drafts.push(draft);
  }

  /** Adds a problem marking a JSON node (its whole text). */
  addAtNode(code: ConfigProblemCode, severity: ProblemSeverity, node: JsonNode, reason: string): void {
    this.drafts.push({ code, severity, offset: node.offset, length: node.length, reason, path: getNodePath(node) });
  }

  /** Whether any problem so far is an error. */
  hasErrors(): boolean {
    return this.drafts.some((draft) => draft.severity === 'error');
  }

  /** Whether an error lies inside the offset range [start, end). */
  hasErrorWithin(start: number, end: number): boolean {
    return this.drafts.some((draft) => draft.severity === 'error' && draft.offset >= start && draft.offset < end);
  }

  /** The problems in text order, each with line, column and a message that starts with the place. */
  toProblems(serverAt: (offset: number) => string | undefined = () => undefined): ConfigProblem[] {
    const unique = new Map<string, ProblemDraft>();
    for (const draft of this.drafts) {
      const key = `${draft.code}@${draft.offset}:${draft.length}`;
      if (!unique.has(key)) unique.set(key, draft);
    }
    return [...unique.values()]
      .sort((a, b) => a.offset - b.offset || severityRank(a.severity) - severityRank(b.severity))
      .map((draft) => {
        const range = this.rangeOf(draft.offset, draft.length);
        const start = this.positions.positionAt(range.offset);
        const end = this.positions.positionAt(range.offset + range.length);
        const server = serverAt(draft.offset);
        return {
          code: draft.code,
          severity: draft.severity,
          message: `Line ${start.line}, column ${start.column}: ${draft.reason}`,
          reason: draft.reason,
          line: start.line,
          column: start.column,
          endLine: end.line,
          endColumn: end.column,
          offset: range.offset,
          length: range.length,
          path: draft.path ?? [],
          ...(server === undefined ? {} : { server }),
        };
      });
  }

  private clamp(offset: number): number {
    return Math.min(Math.max(offset, 0), this.text.length);
  }
}

function severityRank(severity: ProblemSeverity): number {
  switch (severity) {
    case 'error':
      return 0;
    case 'warning':
      return 1;
    case 'info':
      return 2;
    default: {
      const unreachable: never = severity;
      return unreachable;
    }
  }
}
