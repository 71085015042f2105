import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

export * from '../../src/demo-servers/calendar.mjs';

/**
 * Starts the calendar server; port 0 picks a free port. `legacy: 'reject'` makes it 2026-only (a
 * 2025 `initialize` gets 400); the default serves 2025 clients statelessly too.
 */
export declare function start(options?: {
  host?: string;
  port?: number;
  cors?: CorsOptions;
  legacy?: 'stateless' | 'reject';
}): Promise<RunningServer>;
