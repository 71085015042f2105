import type { RunningServer } from './weather.mjs';

/** Default port of the weather server. */
export declare const DEFAULT_WEATHER_PORT: number;
/** Default port of the calendar server. */
export declare const DEFAULT_CALENDAR_PORT: number;
/** Port of the SSE-only server when the CLI starts it (3104). */
export declare const DEFAULT_LEGACY_SSE_PORT: number;
/** The demo servers, running. */
export interface RunningDemo {
  weather: RunningServer;
  calendar: RunningServer;
  /** The 2024 SSE-only server, when it was given a port. */
  legacySse?: RunningServer;
  /** Stops them all. */
  close(): Promise<void>;
}
/**
 * Starts the demo servers (ports: options, else WEATHER_PORT/CALENDAR_PORT, else 3101/3102); legacy-sse
 * only when given a port (option or LEGACY_SSE_PORT).
 */
export declare function startDemo(options?: {
  host?: string;
  weatherPort?: number;
  calendarPort?: number;
  legacySsePort?: number;
}): Promise<RunningDemo>;
