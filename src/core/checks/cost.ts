/**
 * Context cost: the tokens this server's tool list adds to each wire format's request, counted
 * with the injected tokenizer (the token bill's), its five most expensive tools, and its share of
 * a context window; the same for the whole config when the other servers are given.
 */
import { WIRE_FORMAT_IDS, PROVIDERS } from '../providers';
import { sanitizeName, toProviderSchema } from '../tools';
import type { NeutralToolDefinition } from '../conversation';
import { finding } from './rules';
import type { CheckFinding, ConfigNeighbour, FormatCost } from './types';

/** Counts a definition's tokens for a format. */
export type DefinitionTokens = (format: string, definition: NeutralToolDefinition) => number;

/** The fallback when no tokenizer is injected: about four characters a token. */
export const estimateTokens: DefinitionTokens = (_format, definition) => Math.ceil(JSON.stringify(definition).length / 4);

type ToolText = { name: string; description?: string; inputSchema?: unknown };

/** The definition a format's request carries for a tool. */
function definitionFor(tool: ToolText, format: (typeof WIRE_FORMAT_IDS)[number]): NeutralToolDefinition {
  return {
    name: sanitizeName(tool.name),
    description: tool.description ?? '',
    inputSchema: toProviderSchema(tool.inputSchema, format).schema,
  };
}

/** The cost of a tool list in each wire format. */
export function costOf(tools: readonly ToolText[], count: DefinitionTokens, contextWindow: number): FormatCost[] {
  return WIRE_FORMAT_IDS.map((format) => {
    const rows = tools.map((tool) => ({ tool: tool.name, tokens: count(format, definitionFor(tool, format)) }));
    const tokens = rows.reduce((sum, row) => sum + row.tokens, 0);
    const top = [...rows].sort((a, b) => b.tokens - a.tokens || a.tool.localeCompare(b.tool)).slice(0, 5);
    return { format, tokens, top, share: tokens / contextWindow, contextWindow };
  });
}

/** A window share past which the list is called heavy. */
const HEAVY_SHARE = 0.1;

/** The cost findings: one per format, a warning when the list takes a tenth of the window or more. */
export function costFindings(costs: readonly FormatCost[], estimated: boolean): CheckFinding[] {
  return costs.map((cost) =>
    finding({
      id: 'context.tool-list-cost',
      subject: cost.format,
      severity: cost.share >= HEAVY_SHARE ? 'warn' : 'info',
      category: 'context',
      title: `The tool list costs ${cost.tokens}${estimated ? ' (estimated)' : ''} tokens in every ${PROVIDERS[cost.format as keyof typeof PROVIDERS]?.label ?? cost.format} request`,
      expected: `under ${HEAVY_SHARE * 100}% of a ${cost.contextWindow}-token window`,
      actual: `${(cost.share * 100).toFixed(1)}%; most expensive: ${cost.top.map((row) => `${row.tool} ${row.tokens}`).join(', ') || 'none'}`,
      rule: {
        label: 'Anthropic: tool use pricing (tool definitions count as input tokens)',
        url: 'https://docs.claude.com/en/docs/agents-and-tools/tool-use/overview#pricing',
      },
      fix: 'Shorten the longest descriptions and schemas, or split rarely used tools into another server.',
    }),
  );
}

/** The config's cost: this server's tools plus the neighbours'. */
export function configCost(
  tools: readonly ToolText[],
  neighbours: readonly ConfigNeighbour[],
  count: DefinitionTokens,
  contextWindow: number,
): FormatCost[] {
  return costOf([...tools, ...neighbours.flatMap((neighbour) => neighbour.tools)], count, contextWindow);
}
