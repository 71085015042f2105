/** Schemes a link from a server may open; everything else (javascript:, data:, …) stays plain text. */
const OPEN_SCHEMES = new Set(['http:', 'https:']);

/** Whether a URL from untrusted data may become a clickable link. */
function isOpenableUrl(href: string): boolean {
  try {
    return OPEN_SCHEMES.has(new URL(href).protocol);
  } catch {
    return false;
  }
}

/**
 * A link from untrusted data: only http(s) URLs become links, they open in a new tab
 * without opener or referrer, and the full URL is always shown as the text.
 */
export function SafeLink({ href }: { href: string }) {
  if (!isOpenableUrl(href)) return <span className="mono">{href}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="mono">
      {href}
    </a>
  );
}
