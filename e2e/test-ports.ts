/**
 * Loopback ports the browser tests use (different from `npm start`'s, so both can run at once).
 * GLASSBOX_TEST_PORT_BASE moves the whole block (parallel runs on one machine each take their own);
 * each server's own variable still overrides its port.
 */
const BASE = Number(process.env.GLASSBOX_TEST_PORT_BASE ?? 4100);

function port(name: string, offset: number): number {
  return Number(process.env[`GLASSBOX_TEST_${name}_PORT`] ?? BASE + offset);
}

/** The preview server of the build (playwright.config.ts's webServer): the origin every test loads the app from. */
export const PREVIEW_PORT = Number(process.env.GLASSBOX_TEST_PORT ?? BASE + 73);
/** The plain static server of e2e/static-host.spec.ts (the build under a sub-path). */
export const STATIC_PORT = Number(process.env.GLASSBOX_TEST_STATIC_PORT ?? PREVIEW_PORT + 7);

export const TEST_PORTS = {
  weather: port('WEATHER', 1),
  calendar: port('CALENDAR', 2),
  lab: port('LAB', 3),
  model: port('MODEL', 4),
  /** The official reference server (@modelcontextprotocol/server-everything), streamable HTTP. */
  everything: port('EVERYTHING', 5),
  /** A 2024-11-05 HTTP+SSE-only server. */
  legacySse: port('LEGACY_SSE', 6),
  /** A 2026-07-28 server whose tools answer with input_required rounds. */
  rounds: port('ROUNDS', 7),
  /** oidc-provider in front of a protected MCP server (started by the specs that need it). */
  auth: port('AUTH', 8),
  /** Tools with poisoned text, one of which changes after its first call (the tool guard's spec). */
  poisoned: port('POISONED', 9),
  /** The official MCP Apps example server-basic-vanillajs (get-time with its view). */
  appBasic: port('APP_BASIC', 11),
  /** The official MCP Apps example server-budget-allocator. */
  appBudget: port('APP_BUDGET', 12),
  /** A test MCP App server with hostile views (e2e/servers/hostile-app.mjs). */
  appHostile: port('APP_HOSTILE', 13),
  /**
   * Spare ports for specs that start their own servers (offsets 14–35; 11–13 are the app servers).
   * Two workers run two spec files at once, so each spec has its own: oauth 0, oauth-remember 1,
   * oauth-same-tab 2, tasks 3, sampling-tools 4, inbox 5, logs-metadata 6, resources-prompts 7,
   * oauth-client-metadata 8 and 12, oauth-static-hosts 9, mcp-apps-sandbox-origin 10 and 11,
   * mcp-apps-polling 15, oauth-dpop 16 and 17, skills 18, evals 19 and 20, remembered-era 21, server-check 22,
   * server-diff 23 and 24, otel 30 and 31, mock 28 and 29, load-probe 27,
   * bridge 13 (the glassbox-bridge it starts; 14 kept for a second static origin).
   */
  spare: (n: number) => BASE + 14 + n,
  /** A loopback port where nothing listens. */
  down: BASE + 99,
} as const;

/** Base URL of each test server. */
export const TEST_URLS = {
  weather: `http://127.0.0.1:${TEST_PORTS.weather}/mcp`,
  calendar: `http://127.0.0.1:${TEST_PORTS.calendar}/mcp`,
  lab: (mode: string) => `http://127.0.0.1:${TEST_PORTS.lab}/${mode}/mcp`,
  model: `http://127.0.0.1:${TEST_PORTS.model}`,
  everything: `http://127.0.0.1:${TEST_PORTS.everything}/mcp`,
  legacySse: `http://127.0.0.1:${TEST_PORTS.legacySse}/sse`,
  rounds: `http://127.0.0.1:${TEST_PORTS.rounds}/mcp`,
  poisoned: `http://127.0.0.1:${TEST_PORTS.poisoned}/mcp`,
  down: `http://127.0.0.1:${TEST_PORTS.down}/mcp`,
  appBasic: `http://127.0.0.1:${TEST_PORTS.appBasic}/mcp`,
  appBudget: `http://127.0.0.1:${TEST_PORTS.appBudget}/mcp`,
  appHostile: `http://127.0.0.1:${TEST_PORTS.appHostile}/mcp`,
} as const;
