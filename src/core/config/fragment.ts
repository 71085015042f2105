import { createScanner } from 'jsonc-parser';

// jsonc-parser's SyntaxKind is a `const enum`, which isolatedModules cannot import.
const STRING_LITERAL = 10;
const COLON = 6;

/**
 * The text to parse for a pasted config: a member without its object's braces (`"mcpServers": {…}`,
 * as READMEs print it) is read as if wrapped in them. `shift` is how many characters come before the
 * person's text in `parsedText`: offsets in the parsed tree minus `shift` are offsets in `text`.
 */
export function textToParse(text: string): { parsedText: string; shift: number; fragment: boolean } {
  const scanner = createScanner(text, true);
  const fragment = scanner.scan() === STRING_LITERAL && scanner.scan() === COLON;
  // The closing brace goes on its own line, so a trailing // comment cannot swallow it.
  return fragment ? { parsedText: `{${text}\n}`, shift: 1, fragment } : { parsedText: text, shift: 0, fragment };
}
