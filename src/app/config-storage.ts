import { decodeConfigFragment, DEFAULT_CONFIG_TEXT, stripSecrets } from '../core/config';

const STORAGE_KEY = 'glassbox.config.v1';

/** Where the config text came from at start-up. */
export type ConfigSource = 'fragment' | 'storage' | 'default';

/** The config text of a `#config=` share link in the address, or null; the link is removed from the address once read. */
export function takeConfigFragment(): string | null {
  const fromFragment = location.hash.startsWith('#config=') ? decodeConfigFragment(location.hash) : null;
  // The link has done its job; keep the URL clean so a reload does not re-apply it over later edits.
  if (fromFragment !== null) history.replaceState(null, '', location.pathname + location.search);
  return fromFragment;
}

/** The config text to start with: a #config= share link wins, then the saved text, then the demo config. */
export function loadInitialConfig(): { text: string; source: ConfigSource } {
  const fromFragment = takeConfigFragment();
  if (fromFragment !== null) return { text: fromFragment, source: 'fragment' };
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved !== null) return { text: saved, source: 'storage' };
  } catch {
    // Storage can be unavailable (private mode, blocked): fall through to the default.
  }
  return { text: DEFAULT_CONFIG_TEXT, source: 'default' };
}

/**
 * Keep the config text across reloads — without secrets: header and env values are blanked
 * (tokens stay in this tab's memory and must be entered again after a reload). Text with
 * syntax errors cannot be stripped reliably, so it is not saved; the last good text stays.
 */
export function saveConfig(text: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, stripSecrets(text));
  } catch {
    // Syntax errors, or storage unavailable: the last saved text stays.
  }
}
