/**
 * The browser permissions an MCP App resource may ask for (`_meta.ui.permissions`) and the
 * Permissions-Policy features that grant them in the view's frame (`<iframe allow>`). A view gets
 * none until the person grants them; what it asked for that this table does not know is named, not granted.
 */

/** Each permission key of the MCP Apps spec and its Permissions-Policy feature. */
const VIEW_PERMISSION_FEATURES = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
} as const;

/** A permission key Glassbox knows how to grant. */
export type ViewPermission = keyof typeof VIEW_PERMISSION_FEATURES;

/** What a resource asked for, split into what can be granted and what cannot. */
export interface PermissionAsk {
  grantable: ViewPermission[];
  unknown: string[];
}

/** Splits the declared permission keys into the known (deduplicated, in table order) and the unknown. */
export function readPermissionAsk(declared: readonly string[]): PermissionAsk {
  const keys = Object.keys(VIEW_PERMISSION_FEATURES) as ViewPermission[];
  return {
    grantable: keys.filter((key) => declared.includes(key)),
    unknown: [...new Set(declared.filter((key) => !(key in VIEW_PERMISSION_FEATURES)))],
  };
}

/**
 * The frame's `allow` attribute for the granted permissions ('' when none): each feature for the
 * frame's own document only (the default `'src'` allowlist), so frames the view nests get nothing.
 */
export function frameAllowAttribute(granted: readonly ViewPermission[]): string {
  return granted.map((key) => VIEW_PERMISSION_FEATURES[key]).join('; ');
}

/** The granted permissions in the shape of the host capability `sandbox.permissions` (each key → {}). */
export function grantedCapability(granted: readonly ViewPermission[]): Partial<Record<ViewPermission, Record<string, never>>> {
  return Object.fromEntries(granted.map((key) => [key, {}]));
}
