/** The descriptions of list_alerts in each version. */
export declare const ALERTS_DESCRIPTION: Record<1 | 2, string>;
/** The server of one version (a v1 SDK McpServer). */
export declare function createVersionedServer(version: 1 | 2): unknown;
/** Starts one version; port 0 picks a free port. */
export declare function start(options?: {
  host?: string;
  port?: number;
  version?: 1 | 2;
}): Promise<{ url: string; close(): Promise<void> }>;
