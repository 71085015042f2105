/** The default id maker for tool calls that arrive without an id. */

/** Returns `call_` plus 12 random letters and digits (not cryptographic: ids only need to differ). */
export function defaultGenerateId(): string {
  let suffix = '';
  while (suffix.length < 12) suffix += Math.random().toString(36).slice(2);
  return `call_${suffix.slice(0, 12)}`;
}
