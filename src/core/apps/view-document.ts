/**
 * The document a view runs as: its HTML with a Content-Security-Policy built from what its
 * resource declares (`_meta.ui.csp`), put before anything else so it governs every script. The
 * policy is restrictive by default and never wider than the declaration: a source that is not a
 * plain scheme://host[:port] (a wildcard, a keyword, a path, a quote) is dropped and reported.
 */
import type { AppCsp } from '../mcp/capabilities/apps-meta';

/** A source a view may name: http(s) or ws(s), a host (one leading `*.` label allowed), an optional port. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?\/?$/i;

/** The policy of one view, with the declared sources it refused. */
export interface ViewPolicy {
  /** The text of the CSP. */
  policy: string;
  /** Declared sources that were dropped, each with why. */
  refused: readonly string[];
}

/** The declared sources that are plain origins; the others, with why, in `refused`. */
function cleanSources(kind: string, sources: readonly string[], refused: string[]): string[] {
  const kept: string[] = [];
  for (const source of sources) {
    if (SOURCE.test(source)) kept.push(source.replace(/\/$/, ''));
    else refused.push(`${kind}: ${JSON.stringify(source)} is not a plain origin (scheme://host[:port]); ignored`);
  }
  return [...new Set(kept)];
}

/**
 * The CSP of a view. Scripts and styles may be inline (a view is one HTML document) or come from
 * its resource domains; it may connect only to its connect domains (nothing when it declares none);
 * it may frame only its frame domains; forms, plugins and a <base> elsewhere are off.
 */
export function buildViewPolicy(csp: AppCsp): ViewPolicy {
  const refused: string[] = [];
  const resources = cleanSources('resourceDomains', csp.resourceDomains, refused);
  const connect = cleanSources('connectDomains', csp.connectDomains, refused);
  const frames = cleanSources('frameDomains', csp.frameDomains, refused);
  const bases = cleanSources('baseUriDomains', csp.baseUriDomains, refused);
  const list = (sources: readonly string[], fallback: string) => (sources.length > 0 ? sources.join(' ') : fallback);
  const directives = [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${list(resources, '')}`.trim(),
    `style-src 'unsafe-inline' ${list(resources, '')}`.trim(),
    `img-src data: blob: ${list(resources, '')}`.trim(),
    `font-src data: ${list(resources, '')}`.trim(),
    `media-src data: blob: ${list(resources, '')}`.trim(),
    `connect-src ${list(connect, "'none'")}`,
    `frame-src ${list(frames, "'none'")}`,
    `base-uri ${list(bases, "'none'")}`,
    "form-action 'none'",
    "object-src 'none'",
  ];
  return { policy: directives.join('; '), refused };
}

/** Marks a message the sandbox's reporter posts (not JSON-RPC: the view channel records it and stops it there). */
export const CSP_VIOLATION_MESSAGE = 'glassbox/csp-violation';

/** Escapes text for an HTML attribute value in double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The view's document: a doctype, the policy's `<meta>` and a reporter of blocked requests come
 * first, then the view's HTML (its own doctype dropped). Whatever the HTML holds before its
 * `<head>`, it comes after the policy, so no script of it runs unrestricted.
 */
export function buildViewDocument(html: string, csp: AppCsp): { document: string; refused: readonly string[] } {
  const { policy, refused } = buildViewPolicy(csp);
  const body = html.replace(/^\s*<!doctype[^>]*>/i, '');
  const reporter = `document.addEventListener('securitypolicyviolation',function(e){parent.postMessage({type:'${CSP_VIOLATION_MESSAGE}',directive:e.effectiveDirective,blockedURI:String(e.blockedURI)},'*')});`;
  const head = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${attribute(policy)}"><script>${reporter}</script>`;
  return { document: head + body, refused };
}
