/** What a session transport offers the session map. */
export interface SessionTransport {
  sessionId?: string | undefined;
  onclose?: (() => void) | undefined;
}
/** A server one session is connected to. */
export interface SessionServer<T> {
  connect(transport: T): Promise<void>;
  close(): Promise<void>;
}
/** The options openSession gives the transport it creates. */
export interface SessionTransportOptions {
  sessionIdGenerator: () => string;
  onsessioninitialized: (id: string) => void;
  onsessionclosed: (id: string) => void;
}
/** Opens a session: a new server and transport, kept in `sessions` under the transport's id until it ends. */
export declare function openSession<T extends SessionTransport, S extends SessionServer<T>>(
  sessions: Map<string, { transport: T; server: S }>,
  createServer: () => S,
  createTransport: (options: SessionTransportOptions) => T,
): Promise<T>;
