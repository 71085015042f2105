/**
 * The MCP SDK's client classes, in a module of their own so they load on first use
 * (`loadClientSdk`): the SDK with zod builds hundreds of schemas when its modules are evaluated —
 * the largest part of the app's start-up — and nothing needs them before the first connection.
 */
// First: zod must be jitless before any SDK module is evaluated (see zod-jitless.ts).
import './zod-jitless';

export { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
export { applyMiddlewares } from '@modelcontextprotocol/client';
