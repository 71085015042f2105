/** Types for static-server.mjs. */

/** A running static server. */
export interface StaticServer {
  /** e.g. http://127.0.0.1:4500/ */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `root` on `host:port` (port 0 picks a free one); over https with `tls`; `a` serves `a.html` when only that exists. */
export declare function serveStatic(options: { root: string; host?: string; port?: number; tls?: { key: string; cert: string } }): Promise<StaticServer>;
