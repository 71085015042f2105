/**
 * SEP-2243 custom headers (2026-07-28): a tool's inputSchema property that carries
 * `x-mcp-header: "Region"` has its argument mirrored into an `Mcp-Param-Region` request header on
 * `tools/call`, so a gateway can route or authorize without reading the body. The SDK mirrors
 * only outside browsers (a new header means a CORS preflight the server must allow); Glassbox
 * sends them itself, in the page as in Node, so the wire shows what the spec asks for.
 *
 * Rules (the spec's "value encoding"): only properties reached by a chain of `properties` keys;
 * a null or absent argument sends no header; strings as they are, numbers in their JSON form,
 * booleans as `true`/`false`; a value with non-ASCII or control characters, or leading or
 * trailing whitespace, is sent as `=?base64?<UTF-8 bytes in Base64>?=`.
 */

/** The header name prefix of a mirrored argument. */
const MCP_PARAM_PREFIX = 'Mcp-Param-';

/** One `x-mcp-header` declaration: where the argument is and the header's name suffix. */
export interface ParamHeaderDeclaration {
  /** Property names from the arguments object down to the value. */
  path: string[];
  headerName: string;
}

/** An RFC 9110 token: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** True for a plain (non-array) object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every valid `x-mcp-header` declaration in a tool's inputSchema (invalid ones are skipped: the SDK drops such tools). */
export function paramHeaderDeclarations(inputSchema: unknown): ParamHeaderDeclaration[] {
  const found: ParamHeaderDeclaration[] = [];
  const walk = (schema: unknown, path: string[]): void => {
    if (!isRecord(schema) || !isRecord(schema['properties'])) return;
    for (const [name, property] of Object.entries(schema['properties'])) {
      if (!isRecord(property)) continue;
      const header = property['x-mcp-header'];
      if (typeof header === 'string' && TOKEN.test(header)) found.push({ path: [...path, name], headerName: header });
      walk(property, [...path, name]);
    }
  };
  walk(inputSchema, []);
  return found;
}

/** True when a header value must be Base64-wrapped: non-ASCII, control characters, or whitespace at either end. */
function needsBase64(value: string): boolean {
  return /[^\x20-\x7e]/.test(value) || value !== value.trim();
}

/** A string's UTF-8 bytes in Base64. */
function utf8Base64(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header value of one argument, or undefined when none is sent (null, absent, not a primitive). */
export function encodeParamValue(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = JSON.stringify(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else return undefined;
  return needsBase64(text) ? `=?base64?${utf8Base64(text)}?=` : text;
}

/** The `Mcp-Param-*` headers of one `tools/call` of a tool with `inputSchema` and `args`. */
export function paramHeaders(inputSchema: unknown, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { path, headerName } of paramHeaderDeclarations(inputSchema)) {
    let value: unknown = args;
    for (const key of path) value = isRecord(value) ? value[key] : undefined;
    const encoded = encodeParamValue(value);
    if (encoded !== undefined) headers[`${MCP_PARAM_PREFIX}${headerName}`] = encoded;
  }
  return headers;
}
