/**
 * The rules findings cite: spec sections of the server's own era, and the providers' documented
 * rules. One place, so a moved page is fixed once.
 */
import type { CheckEra, CheckFinding, CheckRule } from './types';

/** A section of the spec of `era` (path under /specification/<era>/, with its anchor). */
export function spec(era: CheckEra | undefined, path: string, label: string): CheckRule {
  const version = era ?? '2025-11-25';
  return { label: `MCP ${version}: ${label}`, url: `https://modelcontextprotocol.io/specification/${version}/${path}` };
}

export const JSON_RPC: CheckRule = { label: 'JSON-RPC 2.0: Response object', url: 'https://www.jsonrpc.org/specification#response_object' };
export const JSON_RPC_ERRORS: CheckRule = {
  label: 'JSON-RPC 2.0: Error object',
  url: 'https://www.jsonrpc.org/specification#error_object',
};
export const JSON_SCHEMA_2020: CheckRule = { label: 'JSON Schema 2020-12', url: 'https://json-schema.org/draft/2020-12/json-schema-core' };
export const RFC_6570: CheckRule = { label: 'RFC 6570: URI Template', url: 'https://www.rfc-editor.org/rfc/rfc6570' };
export const RFC_3986: CheckRule = { label: 'RFC 3986: URI syntax', url: 'https://www.rfc-editor.org/rfc/rfc3986#section-3' };
export const RFC_6838: CheckRule = { label: 'RFC 6838: media type names', url: 'https://www.rfc-editor.org/rfc/rfc6838#section-4.2' };
export const FETCH_CORS: CheckRule = { label: 'Fetch standard: CORS protocol', url: 'https://fetch.spec.whatwg.org/#http-cors-protocol' };
export const RFC_9728: CheckRule = {
  label: 'RFC 9728: protected resource metadata',
  url: 'https://www.rfc-editor.org/rfc/rfc9728#section-3.3',
};
export const RFC_8414: CheckRule = {
  label: 'RFC 8414: authorization server metadata',
  url: 'https://www.rfc-editor.org/rfc/rfc8414#section-2',
};

/** Each wire format's documented tool rules. */
export const PROVIDER_RULES: Record<string, CheckRule> = {
  anthropic: {
    label: 'Anthropic Messages: tool definitions',
    url: 'https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
  },
  openai: { label: 'OpenAI: function calling, strict mode', url: 'https://platform.openai.com/docs/guides/function-calling#strict-mode' },
  'openai-responses': {
    label: 'OpenAI Responses: function tools, strict mode',
    url: 'https://platform.openai.com/docs/guides/function-calling#strict-mode',
  },
};

/** A finding's fields; `exchangeIds` defaults to none. */
type FindingInput = Omit<CheckFinding, 'exchangeIds'> & { exchangeIds?: ReadonlyArray<number | undefined> };

/** Builds a finding (pass findings carry no fix). */
export function finding(input: FindingInput): CheckFinding {
  const exchangeIds = [...new Set((input.exchangeIds ?? []).filter((id): id is number => id !== undefined))];
  const out: CheckFinding = { ...input, exchangeIds };
  if (input.severity === 'pass') delete out.fix;
  if (out.subject === undefined) delete out.subject;
  if (out.nodeOnly === undefined) delete out.nodeOnly;
  return out;
}

/** A value as a short text for `actual`. */
export function show(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
