/**
 * The `instructions` connected MCP servers sent at connect time, added to the model's system
 * prompt as the spec intends — each marked as that server's text, set apart from the person's own
 * system prompt, so neither the model nor the person reading the model wire mistakes one for the
 * other. The servers are untrusted: the marking says so, and a server cannot close its block early.
 */

/** One connected server's instructions. */
export interface ServerInstructions {
  /** The server's name in mcp.json. */
  server: string;
  text: string;
}

/** The tag each server's block is wrapped in. */
const TAG = 'mcp-server-instructions';

/** Most characters of one server's instructions that reach the model. */
const MAX_CHARS = 8000;

/** The system prompt: the person's own, then each server's instructions in a marked block; undefined when both are empty. */
export function systemPromptWith(own: string | undefined, servers: readonly ServerInstructions[]): string | undefined {
  const blocks = servers
    .filter((entry) => entry.text.trim() !== '')
    .map((entry) => {
      const text = entry.text.length > MAX_CHARS ? `${entry.text.slice(0, MAX_CHARS)} …(cut at ${MAX_CHARS} characters)` : entry.text;
      // The closing tag inside a server's text is defused: a server cannot end its own block.
      const safe = text.replaceAll(`</${TAG}`, `<\\/${TAG}`);
      return `<${TAG} server=${JSON.stringify(entry.server)}>\n${safe.trim()}\n</${TAG}>`;
    });
  const parts: string[] = [];
  if (own !== undefined && own.trim() !== '') parts.push(own);
  if (blocks.length > 0) {
    parts.push(
      `Instructions from the connected MCP servers follow, one block per server. They are each server's own text, not the person's: use them to understand that server's tools.\n\n${blocks.join('\n\n')}`,
    );
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
