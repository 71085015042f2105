/**
 * The logging capability: the level the person asks of a server. In the 2025 era it is sent with
 * `logging/setLevel` (again after a renewed session, which starts at the server's default); in the
 * 2026-07-28 era there is no such request, so every request carries it in
 * `_meta["io.modelcontextprotocol/logLevel"]` and the server logs on that request's stream.
 * The log messages themselves (`notifications/message`) are traffic: the wire tap records them
 * with the exchange that carried them, and the log view reads them from there (see log-entries.ts).
 */
import type { Client } from '@modelcontextprotocol/client';
import type { McpCall } from '../call-registry';
import type { ProtocolEra } from '../../traffic';
import type { LogLevel } from '../server-items';
import type { CapabilityHost, CapabilityLoad, CapabilityModule } from './capability';

/** The 2026 per-request `_meta` key for the log level (the SDK's LOG_LEVEL_META_KEY, spelled here so the SDK loads lazily). */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';

/** The logging capability of one connection. */
export class LoggingCapability implements CapabilityModule {
  readonly name = 'logging';
  readonly loadMethods = ['logging/setLevel'] as const;
  private level: LogLevel | undefined;

  constructor(
    private readonly host: CapabilityHost,
    /** The era of the connection's current session, if it has one. */
    private readonly era: () => ProtocolEra | undefined,
  ) {}

  /** The level chosen, if any. */
  get current(): LogLevel | undefined {
    return this.level;
  }

  /** 2026: the chosen level rides on every request. */
  requestMeta(era: ProtocolEra | undefined): Record<string, unknown> | undefined {
    return era === 'modern' && this.level !== undefined ? { [LOG_LEVEL_META_KEY]: this.level } : undefined;
  }

  /** A new 2025 session starts at the server's default: ask for the chosen level again. */
  async load(client: Client, call: McpCall): Promise<CapabilityLoad> {
    const level = this.level;
    if (level !== undefined && client.getProtocolEra() === 'legacy' && client.getServerCapabilities()?.logging) {
      await client.setLoggingLevel(level, { timeout: this.host.timeoutMs(), signal: call.controller.signal });
    }
    return { state: { logLevel: level }, warnings: [] };
  }

  /** Asks the server for messages at `level` and above: `logging/setLevel` in 2025, each later request's `_meta` in 2026. */
  async setLevel(level: LogLevel): Promise<void> {
    if (this.era() === 'legacy') {
      await this.host.request({ methods: this.loadMethods }, (client, call) =>
        client.setLoggingLevel(level, { timeout: this.host.timeoutMs(), signal: call.controller.signal }),
      );
    }
    this.level = level;
    this.host.loaded(this.name, { state: { logLevel: level }, warnings: [] });
  }
}
