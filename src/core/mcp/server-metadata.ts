/**
 * What a server says about itself and its tools beyond names: icons (kept only when they are
 * `https:` or `data:image/…` URLs, the two the page's Content Security Policy lets images load
 * from — a server's `http:` or `javascript:` icon is dropped, never fetched), and the display name
 * (a `title` in preference to the `name`, as the spec asks).
 */

/** One icon a server published, as kept (its URL checked). */
export interface McpIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** Most icons kept per server or tool (the card shows one). */
const MAX_ICONS = 8;

/** True for an icon URL the page may load: https, or an inline image. */
export function isSafeIconUrl(src: string): boolean {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml|avif|x-icon|vnd\.microsoft\.icon)[;,]/i.test(src)) return true;
  try {
    return new URL(src).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The icons worth keeping from an untrusted `icons` value; undefined when none is. */
export function safeIcons(value: unknown): McpIcon[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const kept: McpIcon[] = [];
  for (const entry of value as unknown[]) {
    if (kept.length >= MAX_ICONS) break;
    const icon = entry as { src?: unknown; mimeType?: unknown; sizes?: unknown; theme?: unknown } | null;
    if (typeof icon !== 'object' || icon === null || typeof icon.src !== 'string' || !isSafeIconUrl(icon.src)) continue;
    kept.push({
      src: icon.src,
      ...(typeof icon.mimeType === 'string' ? { mimeType: icon.mimeType } : {}),
      ...(Array.isArray(icon.sizes) ? { sizes: icon.sizes.filter((size): size is string => typeof size === 'string') } : {}),
      ...(icon.theme === 'light' || icon.theme === 'dark' ? { theme: icon.theme } : {}),
    });
  }
  return kept.length > 0 ? kept : undefined;
}

/** The name to show: the title when there is a non-empty one, else the name. */
export function displayName(thing: { name: string; title?: string | undefined }): string {
  return thing.title !== undefined && thing.title.trim() !== '' ? thing.title : thing.name;
}
