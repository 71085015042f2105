/**
 * zod (used by the MCP SDK) probes whether `new Function` works the first time it validates, to
 * choose its fast path. The production build's Content-Security-Policy forbids eval, so the probe
 * is caught — but the browser still reports a violation for it. Jitless mode skips the probe and
 * the eval. This module is the app's first import, so it runs before anything validates.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
