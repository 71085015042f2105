/** Loopback ports the browser tests use (different from `npm start`'s, so both can run at once). */
export const TEST_PORTS = {
  weather: Number(process.env.GLASSBOX_TEST_WEATHER_PORT ?? 4101),
  calendar: Number(process.env.GLASSBOX_TEST_CALENDAR_PORT ?? 4102),
  lab: Number(process.env.GLASSBOX_TEST_LAB_PORT ?? 4103),
  model: Number(process.env.GLASSBOX_TEST_MODEL_PORT ?? 4104),
} as const;

/** Base URL of each test server. */
export const TEST_URLS = {
  weather: `http://127.0.0.1:${TEST_PORTS.weather}/mcp`,
  calendar: `http://127.0.0.1:${TEST_PORTS.calendar}/mcp`,
  lab: (mode: string) => `http://127.0.0.1:${TEST_PORTS.lab}/${mode}/mcp`,
  model: `http://127.0.0.1:${TEST_PORTS.model}`,
  /** A loopback port where nothing listens. */
  down: 'http://127.0.0.1:4199/mcp',
} as const;
