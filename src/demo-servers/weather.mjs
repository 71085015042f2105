/**
 * The demo's 2025-era MCP server ("weather"), its tools and data: v1 SDK McpServer. Platform-free,
 * so the Node test server (e2e/servers/weather.mjs, streamable HTTP with sessions on node:http) and
 * the page's demo Service Worker (src/demo-worker) serve the very same tools.
 * Forecasts are made up but deterministic (derived from the city name), so tests can predict them.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { delay } from './delay.mjs';
import { makeAlertTone, makePng, toBase64 } from './media.mjs';

/** Server name and version reported in serverInfo. */
export const WEATHER_SERVER_INFO = { name: 'weather', version: '1.4.0' };

/** Cities the server knows (lower-case key → display name). Anything else is an error result. */
export const KNOWN_CITIES = new Map(
  ['Amsterdam', 'Berlin', 'Cairo', 'Lisbon', 'London', 'Nairobi', 'New York', 'Paris', 'Reykjavik', 'Sydney', 'Tokyo', 'Toronto'].map(
    (name) => [name.toLowerCase(), name],
  ),
);

/** Weather conditions, indexed by the city seed. */
export const CONDITIONS = ['sunny', 'partly cloudy', 'cloudy', 'rain', 'thunderstorms', 'snow', 'windy', 'fog'];

/** Delay between progress notifications of get_forecast, in milliseconds. */
export const PROGRESS_STEP_MS = 50;

/**
 * @typedef {{ day: number, condition: string, high: number, low: number, precipitationChance: number }} ForecastDay
 * @typedef {{ city: string, unit: 'celsius', days: ForecastDay[] }} Forecast
 */

/**
 * The display name of a known city, or undefined.
 * @param {string} city
 */
export function resolveCity(city) {
  return KNOWN_CITIES.get(city.trim().toLowerCase());
}

/**
 * A number derived from the city name: the same city always gives the same forecast.
 * @param {string} city
 */
function citySeed(city) {
  let seed = 0;
  const lower = city.toLowerCase();
  for (let index = 0; index < lower.length; index++) seed = (seed + lower.charCodeAt(index) * (index + 1)) % 997;
  return seed;
}

/**
 * The deterministic forecast for a known city (display name) over `days` days.
 * @param {string} city
 * @param {number} days
 * @returns {Forecast}
 */
export function forecastFor(city, days) {
  const seed = citySeed(city);
  /** @type {ForecastDay[]} */
  const list = [];
  for (let index = 0; index < days; index++) {
    const high = 5 + ((seed + index * 7) % 26);
    list.push({
      day: index + 1,
      condition: CONDITIONS[(seed + index * 3) % CONDITIONS.length] ?? 'sunny',
      high,
      low: high - 4 - ((seed + index) % 6),
      precipitationChance: ((seed * (index + 1)) % 10) * 10,
    });
  }
  return { city, unit: 'celsius', days: list };
}

/**
 * The text block that accompanies a forecast.
 * @param {Forecast} forecast
 */
export function forecastText(forecast) {
  const lines = forecast.days.map(
    (day) => `Day ${day.day}: ${day.condition}, high ${day.high}°C, low ${day.low}°C, ${day.precipitationChance}% chance of precipitation`,
  );
  return [`Forecast for ${forecast.city} (${forecast.days.length} ${forecast.days.length === 1 ? 'day' : 'days'}):`, ...lines].join('\n');
}

/**
 * A 16×16 radar picture for a city: dark background, range rings, and a rain cell whose place
 * depends on the city.
 * @param {string} city
 * @returns {Uint8Array}
 */
export function radarPng(city) {
  const seed = citySeed(city);
  const cellX = 3 + (seed % 10);
  const cellY = 3 + (Math.floor(seed / 10) % 10);
  return makePng(16, 16, (x, y) => {
    const cell = Math.hypot(x - cellX, y - cellY);
    if (cell < 2.5) return [240, 200, 40];
    if (cell < 4) return [40, 190, 70];
    const ring = Math.hypot(x - 7.5, y - 7.5);
    if (Math.abs(ring - 7) < 0.5 || Math.abs(ring - 4) < 0.5) return [30, 90, 60];
    return [8, 24, 20];
  });
}

/**
 * The `weather://radar/<city>` URI of a city's radar picture.
 * @param {string} city
 */
export function radarUri(city) {
  return `weather://radar/${encodeURIComponent(city)}`;
}

/**
 * @param {string} city
 * @returns {{ isError: true, content: [{ type: 'text', text: string }] }}
 */
function unknownCity(city) {
  const known = [...KNOWN_CITIES.values()].join(', ');
  const text = city.trim() === '' ? `No city given. Known cities: ${known}.` : `Unknown city "${city}". Known cities: ${known}.`;
  return { isError: true, content: [{ type: 'text', text }] };
}

const forecastDaySchema = z.object({
  day: z.number().int(),
  condition: z.string(),
  high: z.number(),
  low: z.number(),
  precipitationChance: z.number(),
});

/** Builds one weather McpServer (one per session). */
export function createWeatherServer() {
  const server = new McpServer(WEATHER_SERVER_INFO, {
    instructions: 'Made-up weather for a few world cities. Forecasts are deterministic test data.',
  });
  const readOnly = { readOnlyHint: true, openWorldHint: false };

  server.registerTool(
    'get_forecast',
    {
      title: 'Get forecast',
      description: 'Daily weather forecast for a city: condition, high and low in °C, chance of precipitation.',
      inputSchema: {
        city: z.string().describe('City name, e.g. "Paris"'),
        days: z.number().int().min(1).max(7).default(3).describe('Number of days, 1 to 7'),
      },
      outputSchema: {
        city: z.string(),
        unit: z.literal('celsius'),
        days: z.array(forecastDaySchema),
      },
      annotations: readOnly,
    },
    async ({ city, days }, extra) => {
      const name = resolveCity(city);
      if (name === undefined) return unknownCity(city);
      const count = days ?? 3;
      const progressToken = extra._meta?.progressToken;
      if (progressToken !== undefined) {
        for (let day = 1; day <= count; day++) {
          await delay(PROGRESS_STEP_MS, extra.signal);
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: day, total: count, message: `Forecast day ${day} of ${count}` },
          });
        }
      }
      const forecast = forecastFor(name, count);
      return { content: [{ type: 'text', text: forecastText(forecast) }], structuredContent: forecast };
    },
  );

  server.registerTool(
    'get_radar',
    {
      title: 'Get radar image',
      description: 'A small radar picture for a city, plus a link to the radar resource.',
      inputSchema: { city: z.string().describe('City name, e.g. "Paris"') },
      annotations: readOnly,
    },
    async ({ city }) => {
      const name = resolveCity(city);
      if (name === undefined) return unknownCity(city);
      return {
        content: [
          { type: 'image', data: toBase64(radarPng(name)), mimeType: 'image/png' },
          {
            type: 'resource_link',
            uri: radarUri(name),
            name: `radar-${name.toLowerCase().replace(/\s+/g, '-')}`,
            title: `Radar for ${name}`,
            mimeType: 'image/png',
          },
        ],
      };
    },
  );

  server.registerTool(
    'get_alert_tone',
    {
      title: 'Get alert tone',
      description: 'The short sound played with severe weather alerts (WAV).',
      annotations: readOnly,
    },
    async () => ({
      content: [{ type: 'audio', data: toBase64(makeAlertTone()), mimeType: 'audio/wav' }],
    }),
  );

  server.registerResource(
    'radar',
    new ResourceTemplate('weather://radar/{city}', { list: undefined }),
    { title: 'Radar image', description: 'The 16×16 radar picture of a city', mimeType: 'image/png' },
    async (uri, variables) => {
      const raw = variables.city;
      const city = resolveCity(decodeURIComponent(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')));
      if (city === undefined) throw new Error(`Unknown radar resource: ${uri.href}`);
      return { contents: [{ uri: uri.href, mimeType: 'image/png', blob: toBase64(radarPng(city)) }] };
    },
  );

  return server;
}
