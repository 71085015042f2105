import type { SkippedEntry, StdioEntry } from './config-entry.ts';
import type { BridgeEvent, ServerSlot } from './server-slot.mjs';

/** The largest request body accepted, in bytes. */
export declare const MAX_BODY_BYTES: number;
/** What startBridge needs: the file's entries, the allowed page origins, the token, where to listen. */
export interface BridgeOptions {
  servers: StdioEntry[];
  skipped?: SkippedEntry[];
  origins: string[];
  token: string;
  host?: string;
  port?: number;
  onEvent?: (event: BridgeEvent) => void;
}
/** A running bridge; close() ends every child's process group, then the server. */
export interface RunningBridge {
  url: string;
  port: number;
  slots: Map<string, ServerSlot>;
  /** SIGKILLs every child's process group at once, synchronously: for a bridge that is dying. */
  killNow(): void;
  close(): Promise<void>;
}
/** Starts the bridge on a loopback address (port 0 = a free port). */
export declare function startBridge(options: BridgeOptions): Promise<RunningBridge>;
