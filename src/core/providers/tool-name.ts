/** The tool name rule both providers enforce. */

/** Tool names both providers accept: 1–64 of letters, digits, `_` and `-`. */
const PROVIDER_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A warning message when a tool name breaks the rule, else undefined. */
export function checkToolName(name: string): string | undefined {
  if (PROVIDER_TOOL_NAME_PATTERN.test(name)) return undefined;
  return `Tool name "${name}" does not match ^[a-zA-Z0-9_-]{1,64}$; the provider will reject the request.`;
}
