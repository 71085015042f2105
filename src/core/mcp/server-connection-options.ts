/** The settings of one server connection, and the constants callers and tests share with it. */
import type { OAuthServerConfig } from '../auth';
import type { SecretRegistry, TrafficLog } from '../traffic';
import type { CapabilityHost, CapabilityModule } from './capabilities/capability';
import type { Diagnosis } from './diagnosis';
import type { EraMemory } from './era-memory';
import type { TransportKind } from './open-transport';
import type { SignInSetup } from './server-sign-in';

/** Default per-request timeout when the config gives none: 60 seconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Note on the exchange whose 404 made the connection renew its session. */
export const SESSION_RENEWED_NOTE = 'Session expired (404): re-initialized and retried';

/** Note on the request that failed in the era remembered for the server, before it was probed again. */
export const REMEMBERED_ERA_FAILED_NOTE =
  'Failed in the era remembered for this server (2025): Glassbox forgot it and probes the era again (server/discover)';

/** Settings of one server connection. */
export interface ServerConnectionOptions {
  name: string;
  url: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** The era remembered for each URL: a 2025 server is connected without the `server/discover` probe. Without it every connect probes. */
  eras?: EraMemory;
  /** `sse`: straight to the 2024 HTTP+SSE transport. Default: streamable HTTP, falling back to SSE on a 4xx to initialize. */
  transport?: TransportKind;
  /** Where its traffic is recorded (written only: the connection never reads it back). */
  log: TrafficLog;
  /** Known secret values, redacted in everything recorded. */
  secrets: SecretRegistry;
  /** The fetch that really sends (the browser's); the wire tap goes around it. */
  fetch: typeof fetch;
  /** A plain fetch for diagnosis probes (not recorded). */
  probeFetch?: typeof fetch;
  /**
   * Asked once this server's tools are listed, before its server→client stream (GET) opens;
   * the stream waits for the promise it returns (the manager: until no other server is still
   * connecting). Undefined: open it now.
   */
  streamsWait?: () => Promise<void> | undefined;
  now?: () => number;
  /**
   * More capability modules, beside the built-in ones: the one way to add handlers of the server's
   * own requests (the app's inbox answers sampling, elicitation and roots); without one none are declared.
   */
  capabilities?: (host: CapabilityHost) => readonly CapabilityModule[];
  /** Signing in when the server asks (OAuth); without it a 401 is a failure. */
  signIn?: SignInSetup;
  /** The entry's `oauth` settings. */
  oauth?: OAuthServerConfig;
  /**
   * Connecting waits for it before the MCP client's code is loaded and run (the state says
   * `connecting` meanwhile). The page holds its connects until the restored session is drawn, so
   * the client's code (the SDK and its schemas, the largest start-up script) does not run in the
   * middle of that first render. Undefined: connect at once.
   */
  startAfter?: Promise<unknown>;
  /**
   * Asked when a handshake fails, with the wire's diagnosis: what the page knows besides the wire
   * (the bridge: the local process behind the server exited) may explain it better. Undefined:
   * the wire's diagnosis as it is.
   */
  explainFailure?: (diagnosis: Diagnosis) => Promise<Diagnosis>;
}
