/**
 * The token bill measure of the long-session section: the token bill of 100 tools
 * counted offline with the OpenAI counter the app loads. (The long turn, its reload, scroll and
 * detail are measured in the real app: bench/long-session.mjs.)
 */

/** Counts the token bill of `count` tool definitions offline (Chat Completions), as the token bill does. */
export async function toolBillOffline(count: number): Promise<{ ms: number; total: number }> {
  const { countOpenAIDefinition } = await import('../../src/core/tools/openai-counter');
  const countDefinitionTokens = (list: typeof definitions) => list.reduce((sum, definition) => sum + countOpenAIDefinition(definition), 0);
  const definitions = Array.from({ length: count }, (_, index) => ({
    name: `server_tool_${index}`,
    description: `Looks up record ${index} by id and returns its fields; use it when the person asks about record ${index}.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'The record id' }, fields: { type: 'array', items: { type: 'string' } } },
      required: ['id'],
    },
  }));
  countDefinitionTokens(definitions.slice(0, 1)); // the encoder's tables, loaded once (not counted)
  const started = performance.now();
  const total = countDefinitionTokens(definitions);
  return { ms: performance.now() - started, total };
}
