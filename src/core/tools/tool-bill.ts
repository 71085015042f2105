/**
 * The token bill of the tool registry: how many tokens each tool definition adds to every model
 * request. The counting itself is injected (a tokenizer is large and loaded only when the bill is
 * shown); this module pairs each definition with its tool and keeps the total equal to the sum.
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
  tokens: number;
}

/** The bill: a row per tool and their sum. */
export interface ToolBill {
  rows: ToolBillRow[];
  total: number;
}

/** Bills each registered tool's definition (as `definitions` gives it for one wire, in the same order). */
export function billTools(tools: readonly RegisteredTool[], definitions: readonly NeutralToolDefinition[], count: DefinitionCounter): ToolBill {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const rows: ToolBillRow[] = [];
  for (const tool of tools) {
    const definition = byName.get(tool.publicName);
    if (definition !== undefined) rows.push({ tool: tool.publicName, server: tool.server, tokens: count(definition) });
  }
  return { rows, total: rows.reduce((sum, row) => sum + row.tokens, 0) };
}

/** A CSV field, quoted when it holds a separator, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The bill as CSV (tool, server, tokens; a total line last). */
export function toolBillCsv(bill: ToolBill, wire: string): string {
  const lines = [['tool', 'server', `tokens (${wire})`], ...bill.rows.map((row) => [row.tool, row.server, row.tokens]), ['total', '', bill.total]];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
