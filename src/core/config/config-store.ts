import type { KeyValueStorage } from '../shared/key-value-storage';
import { Listeners } from '../shared/listeners';
import type { ParseResult } from './config-types';
import { DEFAULT_CONFIG_TEXT } from './default-config';
import { readMcpConfig } from './read-mcp-config';
import type { SchemaValidators } from './schema-validators';
import { encodeConfigFragment, stripSecrets } from './share-link';

/** The storage key of the saved (secret-free) config text. */
export const CONFIG_STORAGE_KEY = 'glassbox.config.v1';

// The delay between the last edit and the parse (and save) of the text, in milliseconds: typing stays smooth.
const DEFAULT_PARSE_DELAY_MS = 150;

/** Where the text the store started with came from. */
export type ConfigSource = 'fragment' | 'storage' | 'restored' | 'default';

/** One version of the text, parsed: the config and problems, and its secret-free copy. */
export interface ParsedConfigText extends ParseResult {
  /** The text that was parsed. */
  text: string;
  /** The text with every secret blanked (`stripSecrets`); undefined when syntax errors hide where they are. */
  safeText: string | undefined;
}

/** What the store holds: the newest text, and the newest parsed version (behind while typing). */
export interface ConfigSnapshot {
  /** The text as typed, newest first: the editor shows this one. */
  text: string;
  /** The last parsed text; it lags `text` by the parse delay while the person types. */
  parsed: ParsedConfigText;
}

/** How the store is built; every field has a default that suits Node tests. */
export interface ConfigStoreOptions {
  /** Keeps the secret-free text across reloads (localStorage in the page; nothing by default). */
  storage?: KeyValueStorage;
  /** Also receives each secret-free text saved (the session persistence, in the page). */
  onSave?: (safeText: string) => void;
  /** Delay between the last edit and its parse and save, in milliseconds. Default is 150. */
  parseDelayMs?: number;
  /** The schema's validators; without them the schema's checks wait for `setSchema`. */
  schema?: SchemaValidators;
}

/** Where start-up may find a text, besides the store's own storage. */
export interface ConfigStartSources {
  /** The text of a `#config=` share link, which wins over everything. */
  fragment?: string | null;
  /** The copy the session persistence kept (used when storage has none). */
  restored?: string;
}

/**
 * The mcp.json text, in one place: each version is parsed once (`readMcpConfig`, shared by the
 * editor's problems, Apply and the start-up connect) and saved once, secrets stripped, through one
 * path to the storage and to `onSave`. Text with syntax errors is not saved: its secrets cannot be
 * located, so the last good copy stays. Framework-free; React reads it with `useSyncExternalStore`.
 */
export class ConfigStore {
  private readonly storage: KeyValueStorage | undefined;
  private readonly onSave: ((safeText: string) => void) | undefined;
  private readonly parseDelayMs: number;
  private schema: SchemaValidators | undefined;
  private readonly listeners = new Listeners();
  private text: string;
  private parsed: ParsedConfigText | undefined;
  private snapshot: ConfigSnapshot | undefined;
  private lastSafeText: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ConfigStoreOptions = {}) {
    this.storage = options.storage;
    this.onSave = options.onSave;
    this.parseDelayMs = options.parseDelayMs ?? DEFAULT_PARSE_DELAY_MS;
    this.schema = options.schema;
    this.text = this.readStorage() ?? DEFAULT_CONFIG_TEXT;
  }

  /**
   * Picks the text to start with: a share link's, else the saved one, else the persistence's copy,
   * else the demo config; parses and saves it at once. Returns where it came from.
   */
  start(sources: ConfigStartSources = {}): ConfigSource {
    const saved = this.readStorage();
    const [text, source]: [string, ConfigSource] =
      typeof sources.fragment === 'string'
        ? [sources.fragment, 'fragment']
        : saved !== undefined
          ? [saved, 'storage']
          : sources.restored !== undefined
            ? [sources.restored, 'restored']
            : [DEFAULT_CONFIG_TEXT, 'default'];
    this.text = text;
    this.current();
    return source;
  }

  /** Gives the schema's validators (loaded at start-up); a text already parsed is parsed again with them. */
  setSchema(schema: SchemaValidators): void {
    this.schema = schema;
    if (this.parsed === undefined) return;
    this.parsed = undefined;
    this.current();
  }

  /** The current snapshot (a new object after each change). */
  getSnapshot(): ConfigSnapshot {
    this.snapshot ??= { text: this.text, parsed: this.parsed ?? this.parseAndSave() };
    return this.snapshot;
  }

  /** Calls `listener` after each change; returns the unsubscribe function. */
  readonly subscribe = this.listeners.subscribe;

  /** The person edited the text: it shows at once; it is parsed and saved once edits pause. */
  setText(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.current();
    }, this.parseDelayMs);
    this.changed();
  }

  /** The newest text, parsed (and saved) now if it was not yet: for Apply, start-up and page hide. */
  current(): ParsedConfigText {
    this.cancelTimer();
    if (this.parsed?.text === this.text) return this.parsed;
    const parsed = this.parseAndSave();
    this.changed();
    return parsed;
  }

  /**
   * A `#config=` fragment for a share link: of the newest text, or of the last text that could be
   * stripped when the newest has syntax errors; undefined when no text could ever be.
   */
  shareFragment(): string | undefined {
    const safeText = this.current().safeText ?? this.lastSafeText;
    return safeText === undefined ? undefined : encodeConfigFragment(safeText);
  }

  private parseAndSave(): ParsedConfigText {
    const text = this.text;
    const safeText = stripOrUndefined(text);
    this.parsed = { text, safeText, ...readMcpConfig(text, this.schema) };
    if (safeText !== undefined && safeText !== this.lastSafeText) {
      this.lastSafeText = safeText;
      this.save(safeText);
    }
    return this.parsed;
  }

  private save(safeText: string): void {
    try {
      this.storage?.setItem(CONFIG_STORAGE_KEY, safeText);
    } catch {
      // Storage full or refused: the session persistence still gets its copy.
    }
    this.onSave?.(safeText);
  }

  private readStorage(): string | undefined {
    try {
      return this.storage?.getItem(CONFIG_STORAGE_KEY) ?? undefined;
    } catch {
      // Storage can be unavailable (private mode, blocked): as if nothing were saved.
      return undefined;
    }
  }

  private changed(): void {
    this.snapshot = undefined;
    this.listeners.notify();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function stripOrUndefined(text: string): string | undefined {
  try {
    return stripSecrets(text);
  } catch {
    return undefined;
  }
}
