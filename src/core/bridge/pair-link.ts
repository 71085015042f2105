/**
 * The pair link glassbox-bridge prints: `<app>#bridge=<base64url(JSON {"v":1,"url","token"})>`.
 * Read once at the boundary: only version 1, only a plain loopback http URL (127.0.0.1, localhost,
 * [::1]) with a port and nothing else, and a token of base64url characters. Anything else is a
 * `bad-pair-link` error and nothing is paired.
 */
import { BridgeError } from './bridge-error';

/** What a pair link carries. The token is a secret: keep it out of every snapshot, link and log. */
export interface BridgePairing {
  /** The bridge's origin, e.g. `http://127.0.0.1:4810` (no trailing slash). */
  url: string;
  token: string;
}

/** The fragment's prefix. */
const BRIDGE_FRAGMENT_PREFIX = '#bridge=';

/** The host names a bridge may have: loopback only. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when `hostname` (as URL.hostname gives it) is a loopback name. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** True when `hash` is a bridge pair link's fragment (valid or not). */
function isBridgeFragment(hash: string): boolean {
  return hash.startsWith(BRIDGE_FRAGMENT_PREFIX);
}

/** Reads a `#bridge=…` fragment; throws `BridgeError('bad-pair-link')` saying what is wrong. */
export function parseBridgeFragment(hash: string): BridgePairing {
  if (!isBridgeFragment(hash)) throw bad('it does not start with #bridge=');
  const json = decodeBase64Url(hash.slice(BRIDGE_FRAGMENT_PREFIX.length));
  if (json === null) throw bad('its payload is not base64url text');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw bad('its payload is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('its payload is not an object');
  const { v, url, token } = value as Record<string, unknown>;
  if (v !== 1) throw bad(`it is version ${JSON.stringify(v) ?? 'none'}; this page reads version 1`);
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{16,}$/.test(token)) throw bad('its token is missing or not base64url');
  return { url: checkBridgeUrl(url), token };
}

/** The bridge's URL as its origin, when it is plain loopback http; else a `bad-pair-link` error. */
function checkBridgeUrl(url: unknown): string {
  if (typeof url !== 'string') throw bad('it has no bridge URL');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad('its bridge URL is not a URL');
  }
  if (parsed.protocol !== 'http:') throw bad(`its bridge URL is ${parsed.protocol}, not http: on loopback`);
  if (!isLoopbackHost(parsed.hostname))
    throw bad(`its bridge URL's host ${parsed.hostname} is not loopback (127.0.0.1, localhost or [::1])`);
  if (parsed.username !== '' || parsed.password !== '') throw bad('its bridge URL carries a user name or password');
  if (parsed.port === '') throw bad('its bridge URL has no port');
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== '')
    throw bad('its bridge URL has a path, query or fragment');
  return parsed.origin;
}

/** Builds a pair link's fragment (what the bridge prints after its `--app` URL; the tests use it). */
export function encodeBridgeFragment(pairing: BridgePairing): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ v: 1, url: pairing.url, token: pairing.token }));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return BRIDGE_FRAGMENT_PREFIX + btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function bad(why: string): BridgeError {
  return new BridgeError(
    'bad-pair-link',
    `This bridge pair link cannot be used: ${why}. Nothing was paired; copy the link glassbox-bridge printed again.`,
  );
}

function decodeBase64Url(payload: string): string | null {
  const standard = payload.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
  } catch {
    return null;
  }
}
