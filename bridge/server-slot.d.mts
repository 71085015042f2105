import type { StdioEntry } from './config-entry.ts';

/** What the bridge reports with --json (besides `ready`). */
export type BridgeEvent =
  | { event: 'spawn'; server: string; pid: number }
  | { event: 'exit'; server: string; code: number | null; signal: string | null }
  | { event: 'stderr'; server: string; line: string };
/** A server entry as GET /servers lists it. */
export interface ServerDescription {
  name: string;
  status: 'idle' | 'starting' | 'running' | 'exited';
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  stderrTail: string[];
  command: string;
  args: string[];
  endpoint: string;
}
/** Answers a JSON-RPC error as the SDK's 2025 server does. */
export declare function answerRpcError(res: import('node:http').ServerResponse, status: number, code: number, message: string): void;
/** One server entry: its child, its session, its stderr log, its status. */
export declare class ServerSlot {
  constructor(entry: StdioEntry, onEvent: (event: BridgeEvent) => void);
  readonly entry: StdioEntry;
  describe(): ServerDescription;
  /** One request to the MCP endpoint (`body`: the parsed JSON of a POST). */
  handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: unknown): Promise<void>;
  stop(): Promise<void>;
}
