/**
 * The worker's schemas never JIT: a host may serve demo-worker.js under a Content-Security-Policy
 * without 'unsafe-eval', where zod's `new Function` probe would be reported as a violation.
 * Imported first by worker.ts, so it is evaluated before any schema is built.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
