/**
 * The token bill of the tool registry: how many tokens each tool definition adds to every model
 * request. The counting itself is injected (a tokenizer is large and loaded only when the bill is
 * shown); this module pairs each definition with its tool, knows which tools are switched off
 * (listed, but not offered, so not in the total), sorts, and writes the CSV.
 */
import type { NeutralToolDefinition } from '../conversation';
import type { RegisteredTool } from './tool-registry';

/** Counts the tokens one tool definition costs in a request, the wire's own way. */
export type DefinitionCounter = (definition: NeutralToolDefinition) => number;

/** One tool's line of the bill. */
export interface ToolBillRow {
  /** The name the model sees. */
  tool: string;
  server: string;
  /** The tool's own name on its server (what a policy is keyed by). */
  remoteName: string;
  tokens: number;
  /** False when the person switched the tool off: it is not sent, so it costs nothing now. */
  offered: boolean;
}

/** The bill: a row per tool and the sum of the offered ones. */
export interface ToolBill {
  rows: ToolBillRow[];
  total: number;
}

/** How the rows are ordered: by tool name (A→Z) or by tokens (most first). */
export type BillSort = { key: 'tool' | 'tokens'; direction: 'ascending' | 'descending' };

/**
 * Bills each registered tool's definition (as `definitions` gives it for one wire); `isOffered`
 * says which tools the model is offered (default: all). The total is the sum of the offered rows.
 */
export function billTools(
  tools: readonly RegisteredTool[],
  definitions: readonly NeutralToolDefinition[],
  count: DefinitionCounter,
  isOffered: (tool: RegisteredTool) => boolean = () => true,
): ToolBill {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const rows: ToolBillRow[] = [];
  for (const tool of tools) {
    const definition = byName.get(tool.publicName);
    if (definition !== undefined)
      rows.push({
        tool: tool.publicName,
        server: tool.server,
        remoteName: tool.remoteName,
        tokens: count(definition),
        offered: isOffered(tool),
      });
  }
  return { rows, total: sumOffered(rows, (row) => row.tokens) };
}

/** The sum of `value` over the offered rows. */
export function sumOffered(rows: readonly ToolBillRow[], value: (row: ToolBillRow) => number): number {
  return rows.reduce((sum, row) => (row.offered ? sum + value(row) : sum), 0);
}

/** The rows in the given order (ties by name); `tokensOf` picks the column sorted by. */
export function sortBillRows(
  rows: readonly ToolBillRow[],
  sort: BillSort,
  tokensOf: (row: ToolBillRow) => number = (row) => row.tokens,
): ToolBillRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: ToolBillRow, b: ToolBillRow) => a.tool.localeCompare(b.tool);
  return [...rows].sort((a, b) => (sort.key === 'tool' ? sign * byName(a, b) : sign * (tokensOf(a) - tokensOf(b)) || byName(a, b)));
}

/** A CSV field, quoted when it holds a separator, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The bill as CSV: tool, server, offered, tokens in `wire`, and Anthropic's counts when the
 * person counted them (`anthropic`: per tool, and the offered tools together); a total line last.
 */
export function toolBillCsv(
  bill: ToolBill,
  wire: string,
  anthropic?: { perTool: Readonly<Record<string, number>>; together: number },
): string {
  const header = ['tool', 'server', 'offered', `tokens (${wire})`, ...(anthropic ? ['tokens (anthropic count_tokens)'] : [])];
  const rows = bill.rows.map((row) => [
    row.tool,
    row.server,
    row.offered ? 'yes' : 'no',
    row.tokens,
    ...(anthropic ? [anthropic.perTool[row.tool] ?? ''] : []),
  ]);
  const total = ['total (offered tools)', '', '', bill.total, ...(anthropic ? [anthropic.together] : [])];
  return [header, ...rows, total].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
