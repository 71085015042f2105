import type { RunningServer } from './weather.mjs';

/** Default port of the weather server. */
export declare const DEFAULT_WEATHER_PORT: number;
/** Default port of the calendar server. */
export declare const DEFAULT_CALENDAR_PORT: number;
/** Both demo servers, running. */
export interface RunningDemo {
  weather: RunningServer;
  calendar: RunningServer;
  /** Stops both. */
  close(): Promise<void>;
}
/** Starts both demo servers (ports: options, else WEATHER_PORT/CALENDAR_PORT, else 3101/3102). */
export declare function startDemo(options?: { host?: string; weatherPort?: number; calendarPort?: number }): Promise<RunningDemo>;
