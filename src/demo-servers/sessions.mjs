/**
 * Opening a 2025-era session the way both demo endpoints do (the Node one in
 * e2e/servers/session-endpoint.mjs, the page's in src/demo-worker): a new server and transport,
 * kept in `sessions` under the id the transport generates, dropped when the session is deleted or
 * the transport closes. Works with the v1 SDK's Node and web-standard transports alike.
 */

/**
 * @template {{ sessionId?: string | undefined, onclose?: (() => void) | undefined }} T
 * @template {{ connect(transport: T): Promise<void>, close(): Promise<void> }} S
 * @param {Map<string, { transport: T, server: S }>} sessions
 * @param {() => S} createServer
 * @param {(options: { sessionIdGenerator: () => string, onsessioninitialized: (id: string) => void, onsessionclosed: (id: string) => void }) => T} createTransport
 * @returns {Promise<T>} the transport, connected to its new server, for the initialize request
 */
export async function openSession(sessions, createServer, createTransport) {
  const server = createServer();
  const transport = createTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, { transport, server });
    },
    onsessionclosed: (id) => {
      sessions.delete(id);
      void server.close();
    },
  });
  transport.onclose = () => {
    if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  return transport;
}
