/**
 * Listed items (resources, templates, prompts) read from a server's reply: only the fields the
 * UI shows, each only when it has the right type, so untrusted extras never travel further.
 */
import { errorText } from '../diagnose-connection';
import { McpError } from '../mcp-error';
import type { CapabilityHost } from './capability';
import type { McpPromptInfo, McpResourceContent, McpResourceInfo, McpResourceTemplateInfo } from '../connection-state';

/** A string field of an untrusted object, or nothing. */
function text(value: Record<string, unknown>, key: string): Record<string, string> {
  const field = value[key];
  return typeof field === 'string' ? { [key]: field } : {};
}

/** An untrusted value as an object, or undefined. */
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The described-item fields every listed kind shares. */
function described(item: Record<string, unknown>): { title?: string; description?: string } {
  return { ...text(item, 'title'), ...text(item, 'description') };
}

/** Listed resources (an entry without a string uri and name is dropped). */
export function readResourceList(items: readonly unknown[]): McpResourceInfo[] {
  return items.flatMap((value) => {
    const item = record(value);
    if (!item || typeof item.uri !== 'string' || typeof item.name !== 'string') return [];
    return [
      {
        uri: item.uri,
        name: item.name,
        ...described(item),
        ...text(item, 'mimeType'),
        ...(typeof item.size === 'number' ? { size: item.size } : {}),
      },
    ];
  });
}

/** Listed resource templates (an entry without a string uriTemplate and name is dropped). */
export function readTemplateList(items: readonly unknown[]): McpResourceTemplateInfo[] {
  return items.flatMap((value) => {
    const item = record(value);
    if (!item || typeof item.uriTemplate !== 'string' || typeof item.name !== 'string') return [];
    return [{ uriTemplate: item.uriTemplate, name: item.name, ...described(item), ...text(item, 'mimeType') }];
  });
}

/** Listed prompts with their arguments (an entry without a string name is dropped). */
export function readPromptList(items: readonly unknown[]): McpPromptInfo[] {
  return items.flatMap((value) => {
    const item = record(value);
    if (!item || typeof item.name !== 'string') return [];
    const args = (Array.isArray(item.arguments) ? item.arguments : []).flatMap((entry: unknown) => {
      const argument = record(entry);
      if (!argument || typeof argument.name !== 'string') return [];
      return [{ name: argument.name, ...described(argument), ...(argument.required === true ? { required: true } : {}) }];
    });
    return [{ name: item.name, ...described(item), arguments: args }];
  });
}

/** The contents of a resources/read result (text or base64 blob items). */
export function readResourceContents(items: readonly unknown[]): McpResourceContent[] {
  return items.flatMap((value) => {
    const item = record(value);
    if (!item || typeof item.uri !== 'string') return [];
    return [{ uri: item.uri, ...text(item, 'mimeType'), ...text(item, 'text'), ...text(item, 'blob') }];
  });
}

/** The JSON-RPC error code of a server's error answer (a number), or undefined for anything else. */
function rpcErrorCode(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/**
 * Runs one listing; a JSON-RPC error the server answers (it declared the capability but refuses
 * the method) becomes a warning and an empty list, so the rest of the server stays usable.
 * Transport failures still throw (the connection diagnoses those).
 */
export async function listOrWarn<T>(method: string, list: () => Promise<T[]>, warnings: string[]): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    const code = rpcErrorCode(error);
    if (code === undefined) throw error;
    warnings.push(`${method} failed (${code}): ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/**
 * The SDK's list_changed option for one list: no automatic refresh (the capability lists again
 * itself, through its host, so the requests are on the wire as its own); a failed refresh is a warning.
 */
export function refreshOnListChanged(noun: string, refresh: () => Promise<void>, host: CapabilityHost) {
  return {
    autoRefresh: false,
    onChanged: () => {
      refresh().catch((error: unknown) =>
        host.warn(`Refreshing ${noun} failed: ${error instanceof McpError ? error.message : errorText(error)}`),
      );
    },
  };
}
