/**
 * URL-mode elicitation: the server asks the person to visit a link. Glassbox shows the whole
 * address with the part that says who runs it (the registrable-looking domain) highlighted, and
 * offers only http(s) links; nothing is fetched before the person clicks.
 */
import { ElicitationUrlError } from './elicitation-error';

/** A link that may be offered, split so the domain can be highlighted inside the full address. */
export interface ElicitationLink {
  /** The normalized address (as the browser would open it). */
  href: string;
  /** The host as the browser sees it (IDNs in punycode, so look-alike letters show). */
  host: string;
  /** The registrable-looking domain, e.g. "example.co.uk" for "login.example.co.uk". */
  domain: string;
  /** `href` = `before` + `domain` + `after`: the pieces a view renders, the middle one highlighted. */
  before: string;
  after: string;
  /** True when the address carries a user name or password (the `user@host` trick hides the real host). */
  hasCredentials: boolean;
  /** True for plain http: the page and what the person types travel unencrypted. */
  insecure: boolean;
}

/** Second-level labels under which a country code registers names (example.co.uk, example.com.au). */
const COUNTRY_SECOND_LEVELS = new Set(['ac', 'co', 'com', 'edu', 'gov', 'ltd', 'ne', 'net', 'or', 'org', 'plc']);

/**
 * The registrable-looking part of a host name: the last two labels, or three under a country
 * code's common second level. A heuristic, not the Public Suffix List: it only has to show the
 * person which organisation the link leads to. IP addresses and single labels are kept whole.
 */
export function registrableDomain(host: string): string {
  if (host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host)) return host;
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const keep = last.length === 2 && COUNTRY_SECOND_LEVELS.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Parses a URL-mode elicitation's `url`; throws ElicitationUrlError when it is no http(s) address. */
export function parseElicitationUrl(text: string): ElicitationLink {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ElicitationUrlError('invalid-url', `The server's link is not a valid address: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ElicitationUrlError('unsupported-scheme', `Only http and https links can be opened; this one is ${url.protocol}`);
  }
  const domain = registrableDomain(url.hostname);
  // The host sits right after "scheme://" and any credentials; the domain is its tail.
  const authority = url.username !== '' || url.password !== '' ? url.href.indexOf('@') + 1 : url.protocol.length + 2;
  const domainStart = authority + url.hostname.length - domain.length;
  return {
    href: url.href,
    host: url.hostname,
    domain,
    before: url.href.slice(0, domainStart),
    after: url.href.slice(domainStart + domain.length),
    hasCredentials: url.username !== '' || url.password !== '',
    insecure: url.protocol === 'http:',
  };
}
