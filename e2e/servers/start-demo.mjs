/**
 * Starts the two demo MCP servers: weather (2025 era) on 127.0.0.1:3101/mcp and calendar
 * (2026-07-28 era) on 127.0.0.1:3102/mcp. Ports from WEATHER_PORT / CALENDAR_PORT when set.
 * The 2024 SSE-only server (legacy-sse) joins them when given a port (option or LEGACY_SSE_PORT);
 * the CLI gives it 3104. Library callers opt in, so test setups do not bind a port they did not ask for.
 *
 * Run: node e2e/servers/start-demo.mjs   (Ctrl-C stops all)
 */
import { start as startCalendar } from './calendar.mjs';
import { isMain } from './http-kit.mjs';
import { start as startLegacySse } from './legacy-sse.mjs';
import { start as startWeather } from './weather.mjs';

/** Default port of the weather server. */
export const DEFAULT_WEATHER_PORT = 3101;
/** Default port of the calendar server. */
export const DEFAULT_CALENDAR_PORT = 3102;
/** Port of the SSE-only server when the CLI starts it. */
export const DEFAULT_LEGACY_SSE_PORT = 3104;

/**
 * A port from the environment, or the fallback.
 * @param {string | undefined} value
 * @param {number} fallback
 * @param {string} name
 */
function portFrom(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} is not a port: ${value}`);
  return port;
}

/**
 * @typedef {{ url: string, close(): Promise<void> }} Running
 */

/**
 * Starts the demo servers; `close()` stops them all. Options override the env and the defaults.
 * @param {{ host?: string, weatherPort?: number, calendarPort?: number, legacySsePort?: number }} [options]
 * @returns {Promise<{ weather: Running, calendar: Running, legacySse?: Running, close(): Promise<void> }>}
 */
export async function startDemo(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const weatherPort = options.weatherPort ?? portFrom(process.env.WEATHER_PORT, DEFAULT_WEATHER_PORT, 'WEATHER_PORT');
  const calendarPort = options.calendarPort ?? portFrom(process.env.CALENDAR_PORT, DEFAULT_CALENDAR_PORT, 'CALENDAR_PORT');
  const weather = await startWeather({ host, port: weatherPort });
  const legacyEnv = process.env.LEGACY_SSE_PORT;
  const legacySsePort =
    options.legacySsePort ?? (legacyEnv === undefined || legacyEnv === '' ? undefined : portFrom(legacyEnv, 0, 'LEGACY_SSE_PORT'));
  /** @type {Running[]} */
  const started = [weather];
  try {
    const calendar = await startCalendar({ host, port: calendarPort });
    started.push(calendar);
    const legacySse = legacySsePort === undefined ? undefined : await startLegacySse({ host, port: legacySsePort });
    return {
      weather,
      calendar,
      ...(legacySse === undefined ? {} : { legacySse }),
      async close() {
        await Promise.all([weather.close(), calendar.close(), legacySse?.close()]);
      },
    };
  } catch (error) {
    await Promise.all(started.map((server) => server.close()));
    throw error;
  }
}

if (isMain(import.meta.url)) {
  const demo = await startDemo({ legacySsePort: portFrom(process.env.LEGACY_SSE_PORT, DEFAULT_LEGACY_SSE_PORT, 'LEGACY_SSE_PORT') });
  console.log(`weather (2025 era, sessions): ${demo.weather.url}`);
  console.log(`calendar (2026-07-28 era):    ${demo.calendar.url}`);
  console.log(`legacy-sse (2024 SSE only):   ${demo.legacySse?.url}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
