/**
 * Starts the two demo MCP servers: weather (2025 era) on 127.0.0.1:3101/mcp and calendar
 * (2026-07-28 era) on 127.0.0.1:3102/mcp. Ports from WEATHER_PORT / CALENDAR_PORT when set.
 *
 * Run: node e2e/servers/start-demo.mjs   (Ctrl-C stops both)
 */
import { start as startCalendar } from './calendar.mjs';
import { isMain } from './http-kit.mjs';
import { start as startWeather } from './weather.mjs';

/** Default port of the weather server. */
export const DEFAULT_WEATHER_PORT = 3101;
/** Default port of the calendar server. */
export const DEFAULT_CALENDAR_PORT = 3102;

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
 * Starts both demo servers; `close()` stops both. Options override the env and the defaults.
 * @param {{ host?: string, weatherPort?: number, calendarPort?: number }} [options]
 * @returns {Promise<{ weather: { url: string, close(): Promise<void> }, calendar: { url: string, close(): Promise<void> }, close(): Promise<void> }>}
 */
export async function startDemo(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const weatherPort = options.weatherPort ?? portFrom(process.env.WEATHER_PORT, DEFAULT_WEATHER_PORT, 'WEATHER_PORT');
  const calendarPort = options.calendarPort ?? portFrom(process.env.CALENDAR_PORT, DEFAULT_CALENDAR_PORT, 'CALENDAR_PORT');
  const weather = await startWeather({ host, port: weatherPort });
  let calendar;
  try {
    calendar = await startCalendar({ host, port: calendarPort });
  } catch (error) {
    await weather.close();
    throw error;
  }
  const started = calendar;
  return {
    weather,
    calendar: started,
    async close() {
      await Promise.all([weather.close(), started.close()]);
    },
  };
}

if (isMain(import.meta.url)) {
  const demo = await startDemo();
  console.log(`weather (2025 era, sessions): ${demo.weather.url}`);
  console.log(`calendar (2026-07-28 era):    ${demo.calendar.url}`);
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
