import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

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
export declare function radarPng(city: string): Uint8Array;
/** The weather://radar/<city> URI of a city's radar picture. */
export declare function radarUri(city: string): string;
/** Builds one weather McpServer (one per session). */
export declare function createWeatherServer(): McpServer;
