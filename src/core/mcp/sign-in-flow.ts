/**
 * The sign-in flow's code, in a module of its own so it loads on first use (see
 * ServerSignIn): it needs the SDK's OAuth functions, which stay out of the page's first chunk
 * like the rest of the SDK (load-client-sdk.ts).
 */
// First: zod must be jitless before the SDK's schemas are built (see zod-jitless.ts); this chunk
// may load before the client's, and both share the SDK's modules.
import './zod-jitless';
export { AuthError } from '../auth/auth-error';
export { authMiddleware } from '../auth/auth-middleware';
export { AuthSession } from '../auth/auth-session';
