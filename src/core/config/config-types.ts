/**
 * Which shape a text uses: `{"mcpServers": …}` (a map, or Continue's array), VS Code's `{"servers": …}`,
 * VS Code user settings `{"mcp": {"servers": …}}`, Zed's `context_servers`, Opencode's `mcp` map,
 * Continue's `experimental.modelContextProtocolServers`, a bare map of servers, one server object
 * without a name, or `none` (a JSON file that is not an MCP config).
 */
export type McpConfigDialect = 'mcpServers' | 'servers' | 'vscode-settings' | 'zed' | 'opencode' | 'continue' | 'bare' | 'single' | 'none';

/**
 * How a server is reached: `streamable-http`; `sse`, the 2024 HTTP+SSE transport (GET stream plus POST
 * endpoint), spoken with the SDK's SSE client; `stdio`, a local process, kept to point at a gateway.
 */
export type ServerTransport = 'streamable-http' | 'sse' | 'stdio';

/** Whether a server can be connected: `needs-local-process` is a stdio entry, `invalid` has at least one error. */
export type ServerStatus = 'ok' | 'disabled' | 'needs-local-process' | 'invalid';

/** A place in the mcp.json text: 1-based line and column (UTF-16 code units), plus the 0-based offset and length. */
export interface SourceRange {
  line: number;
  column: number;
  offset: number;
  length: number;
}

/** One server entry of an mcp.json, normalised across dialects. */
export interface ServerConfig {
  /** The key the entry was given under. */
  name: string;
  /** The address as written (placeholders unresolved), from `url`, `httpUrl`, `serverUrl` or `endpoint`. */
  url?: string;
  transport: ServerTransport;
  /** Headers with string values only; placeholders are left as written. */
  headers: Record<string, string>;
  disabled: boolean;
  /** Per-request timeout in milliseconds, when a valid one was given. */
  timeoutMs?: number;
  /** OAuth settings (`"oauth": {"clientId", "clientSecret", "scopes"}`); the secret is kept like header values. */
  oauth?: OAuthConfig;
  status: ServerStatus;
  command?: string;
  args?: string[];
  /** For a local wrapper around a remote server (mcp-remote, supergateway, mcp-proxy): the remote URL to connect to instead. */
  suggestedUrl?: string;
  /** Headers the wrapper would have sent (from `--header` arguments), to go with `suggestedUrl`. */
  suggestedHeaders?: Record<string, string>;
  /** Distinct placeholders (`${input:id}`, `${env:NAME}`, `${NAME}`, `$NAME`) in url, headers and any suggested url/headers, in order. Ask for them as secrets; never send them literally. */
  placeholders: string[];
  /** Where the server's name is written. */
  range: SourceRange;
  /**
   * Set by core/bridge, never by the parser: this stdio entry is served by the paired
   * glassbox-bridge at `url` (its transport is then streamable HTTP; `command`/`args` stay, to show).
   */
  viaBridge?: { bridgeUrl: string };
  /** Set by core/bridge for a stdio entry that cannot connect: what to do instead (the card's note). */
  localProcessNote?: { title: string; detail: string };
}

/** A server's `oauth` settings: a client registered with its authorization server, and the scopes to ask for. */
export interface OAuthConfig {
  clientId?: string;
  /** A secret: never saved, never shared (share links and saved text replace it with ""). */
  clientSecret?: string;
  scopes?: string[];
}

/** A value declared in VS Code's `inputs`, referenced as `${input:id}`. */
export interface ConfigInput {
  id: string;
  description?: string;
  /** Whether the file asks to hide what is typed; Glassbox treats every input as a secret anyway. */
  password: boolean;
  /** The value used when none is given: VS Code's `default`, or the default of `${VAR:-default}`. */
  default?: string;
  /** `env` for a variable written `${VAR:-default}` (offered as an input, its default used meanwhile); absent for a VS Code input. */
  source?: 'env';
}

/** A parsed mcp.json: its dialect, its servers (broken ones included, marked `invalid`) and VS Code inputs. */
export interface McpConfig {
  dialect: McpConfigDialect;
  servers: ServerConfig[];
  /** VS Code `inputs`, then the variables written `${VAR:-default}` (empty when there are none). */
  inputs: ConfigInput[];
}

/** How serious a problem is: an `error` makes its server `invalid` (or the whole text unusable). */
export type ProblemSeverity = 'error' | 'warning' | 'info';

/** Stable identifiers of every problem the parser reports; branch on these, not on message text. */
export type ConfigProblemCode =
  // JSON syntax
  | 'empty-text'
  | 'json-invalid-symbol'
  | 'json-invalid-number'
  | 'json-property-name-expected'
  | 'json-value-expected'
  | 'json-colon-expected'
  | 'json-comma-expected'
  | 'json-close-brace-expected'
  | 'json-close-bracket-expected'
  | 'json-end-expected'
  | 'json-unterminated-comment'
  | 'json-unterminated-string'
  | 'json-invalid-escape'
  | 'json-invalid-character'
  | 'json-comment'
  | 'json-trailing-comma'
  // document shape
  | 'not-an-object'
  | 'not-an-mcp-config'
  | 'no-servers'
  | 'wrapped-fragment'
  | 'dialect-note'
  | 'misspelled-wrapper-key'
  | 'ignored-key'
  | 'duplicate-server'
  | 'duplicate-key'
  | 'wrong-type'
  | 'schema'
  // one server
  | 'entry-not-object'
  | 'missing-url-and-command'
  | 'missing-url'
  | 'missing-command'
  | 'url-and-command'
  | 'multiple-urls'
  | 'bad-url'
  | 'insecure-url'
  | 'unknown-transport'
  | 'conflicting-transport'
  | 'legacy-sse'
  | 'sse-path'
  | 'bad-headers'
  | 'forbidden-header'
  | 'bad-timeout'
  | 'small-timeout'
  | 'possible-typo'
  | 'needs-local-process'
  | 'remote-wrapper'
  | 'unknown-input'
  | 'placeholder-default'
  | 'unnamed-server'
  | 'not-applied';

/** One thing wrong with (or worth knowing about) an mcp.json, located in the text. */
export interface ConfigProblem {
  code: ConfigProblemCode;
  severity: ProblemSeverity;
  /** The full sentence for a person, starting with the place: `Line 4, column 12: "url" must be a string, …`. */
  message: string;
  /** The same sentence without the place, for an editor marker that is already drawn at the place. */
  reason: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as Monaco counts). */
  column: number;
  /** 1-based end of the marked text. */
  endLine: number;
  /** 1-based, exclusive end column of the marked text. */
  endColumn: number;
  /** 0-based offset of the marked text. */
  offset: number;
  length: number;
  /** The JSON path of the marked value (empty for syntax problems and the document itself). */
  path: Array<string | number>;
  /** The name of the server entry the problem lies in, if any. */
  server?: string;
}

/** What `parseMcpConfig` returns: a config (null when the text is not usable JSON or not an object) and every problem found. */
export interface ParseResult {
  config: McpConfig | null;
  problems: ConfigProblem[];
}
