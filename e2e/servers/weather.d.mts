import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CorsOptions } from './cors.mjs';

/** One day of a made-up forecast. */
export interface ForecastDay {
  day: number;
  condition: string;
  high: number;
  low: number;
  precipitationChance: number;
}
/** The structuredContent of get_forecast. */
export interface Forecast {
  city: string;
  unit: 'celsius';
  days: ForecastDay[];
}
/** A started server. */
export interface RunningServer {
  /** The MCP endpoint URL, e.g. http://127.0.0.1:3101/mcp. */
  url: string;
  /** Ends all sessions and stops listening. */
  close(): Promise<void>;
}

/** Server name and version reported in serverInfo. */
export declare const WEATHER_SERVER_INFO: { name: 'weather'; version: string };
/** Cities the server knows (lower-case key → display name). */
export declare const KNOWN_CITIES: ReadonlyMap<string, string>;
/** Weather conditions, indexed by the city seed. */
export declare const CONDITIONS: readonly string[];
/** Delay between progress notifications of get_forecast, in milliseconds. */
export declare const PROGRESS_STEP_MS: number;
/** The display name of a known city, or undefined. */
export declare function resolveCity(city: string): string | undefined;
/** The deterministic forecast for a known city (display name). */
export declare function forecastFor(city: string, days: number): Forecast;
/** The text block that accompanies a forecast. */
export declare function forecastText(forecast: Forecast): string;
/** The 16×16 radar PNG of a city. */
export declare function radarPng(city: string): Buffer;
/** The weather://radar/<city> URI of a city's radar picture. */
export declare function radarUri(city: string): string;
/** Builds one weather McpServer (one per session). */
export declare function createWeatherServer(): McpServer;
/** Starts the weather server; port 0 picks a free port; `latencyMs` holds each request that long (a remote host's distance). */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions; latencyMs?: number }): Promise<RunningServer>;
