/** Types for static-server.mjs. */

/** A running static server. */
export interface StaticServer {
  /** e.g. http://127.0.0.1:4500/ */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `root` on `host:port` (port 0 picks a free one); over https with `tls`. `mode`: `pretty`
 * (default) serves `a.html` for `a` when only that exists; `exact` serves files as named, 404
 * otherwise; `spa` answers every unknown path with the root's index.html.
 */
export declare function serveStatic(options: {
  root: string;
  host?: string;
  port?: number;
  tls?: { key: string; cert: string };
  mode?: 'pretty' | 'exact' | 'spa';
}): Promise<StaticServer>;
