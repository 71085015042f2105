/**
 * The MCP Apps extension (`io.modelcontextprotocol/ui`) as data: its id and MIME type, and the one
 * boundary that reads `_meta.ui` from untrusted tools and ui:// resources into typed values.
 */
import { isPlainObject } from '../../shared/json';

/** The extension's id, declared in the client capabilities. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an app's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** Who may see or call a tool: the model, the app's view, or both (the default). */
type ToolAudience = 'model' | 'app';

/** What a tool says about its view. */
export interface ToolUi {
  /** The ui:// resource of its view, when it has one. */
  resourceUri?: string;
  /** Who may call it; both when the server does not say. */
  visibility: readonly ToolAudience[];
}

/** The origins a view may reach, by kind (each an `https://host` style source). */
export interface AppCsp {
  connectDomains: readonly string[];
  resourceDomains: readonly string[];
  frameDomains: readonly string[];
  baseUriDomains: readonly string[];
}

/** What a ui:// resource asks of its host. */
export interface ResourceUi {
  csp: AppCsp;
  /** Browser features it asks for (camera, microphone, geolocation, clipboardWrite), as declared. */
  permissions: readonly string[];
  /** Whether the host should draw a border; undefined when it does not say. */
  prefersBorder?: boolean;
  /** A dedicated origin it asks for; undefined when it does not say. */
  domain?: string;
}

const BOTH: readonly ToolAudience[] = ['model', 'app'];

/** Strings of an array, the rest dropped. */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** `_meta.ui` of a tool (the older flat `_meta["ui/resourceUri"]` too). */
export function readToolUi(tool: unknown): ToolUi {
  const meta = isPlainObject(tool) && isPlainObject(tool._meta) ? tool._meta : {};
  const ui = isPlainObject(meta.ui) ? meta.ui : {};
  const uri =
    typeof ui.resourceUri === 'string' ? ui.resourceUri : typeof meta['ui/resourceUri'] === 'string' ? meta['ui/resourceUri'] : undefined;
  const declared = strings(ui.visibility).filter((item): item is ToolAudience => item === 'model' || item === 'app');
  return {
    ...(uri !== undefined && uri.startsWith('ui://') ? { resourceUri: uri } : {}),
    visibility: Array.isArray(ui.visibility) ? declared : BOTH,
  };
}

/** True when only the view may call the tool (never offered to the model). */
export function isAppOnly(tool: unknown): boolean {
  return !readToolUi(tool).visibility.includes('model');
}

/** `_meta.ui` of a resource's content (or of its listing). */
export function readResourceUi(content: unknown): ResourceUi {
  const meta = isPlainObject(content) && isPlainObject(content._meta) ? content._meta : {};
  const ui = isPlainObject(meta.ui) ? meta.ui : {};
  const csp = isPlainObject(ui.csp) ? ui.csp : {};
  const permissions = isPlainObject(ui.permissions)
    ? Object.keys(ui.permissions).filter(
        (key) => isPlainObject(ui.permissions) && ui.permissions[key] !== undefined && ui.permissions[key] !== false,
      )
    : strings(ui.permissions);
  return {
    csp: {
      connectDomains: strings(csp.connectDomains),
      resourceDomains: strings(csp.resourceDomains),
      frameDomains: strings(csp.frameDomains),
      baseUriDomains: strings(csp.baseUriDomains),
    },
    permissions,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    ...(typeof ui.domain === 'string' ? { domain: ui.domain } : {}),
  };
}
