import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

export * from '../../src/demo-servers/calendar.mjs';

/** Starts the calendar server; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
