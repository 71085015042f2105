/**
 * zod (inside the MCP SDK) probes whether `new Function` works, to choose its fast path; under
 * the production build's Content-Security-Policy (no eval) the probe is caught, but the browser
 * still reports a violation. Jitless mode skips the probe. This module must be evaluated before
 * the SDK's: `client-sdk.ts` imports it first (imports are evaluated in order, before the body).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
