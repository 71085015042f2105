/**
 * `npm start`: the demo MCP servers (weather 2025, calendar 2026, and legacy-sse, a 2024 HTTP+SSE-only
 * server to try the old transport with), in this process, plus the Vite dev server (a child
 * process), stopped together on Ctrl-C or SIGTERM. GLASSBOX_PORT sets the page's port (default 5173).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LEGACY_SSE_PORT, startDemo } from '../e2e/servers/start-demo.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const port = process.env.GLASSBOX_PORT !== undefined && process.env.GLASSBOX_PORT !== '' ? process.env.GLASSBOX_PORT : '5173';
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`GLASSBOX_PORT is not a port: ${port}`);
  process.exit(1);
}

let demo;
try {
  const legacyEnv = process.env.LEGACY_SSE_PORT;
  demo = await startDemo({
    host,
    legacySsePort: legacyEnv !== undefined && legacyEnv !== '' ? Number(legacyEnv) : DEFAULT_LEGACY_SSE_PORT,
  });
} catch (error) {
  console.error(`Could not start the demo MCP servers: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Another copy may be running; set WEATHER_PORT / CALENDAR_PORT / LEGACY_SSE_PORT to use other ports.');
  process.exit(1);
}
console.log(`Demo MCP server weather:  ${demo.weather.url}`);
console.log(`Demo MCP server calendar: ${demo.calendar.url}`);
console.log(
  `Demo MCP server legacy-sse (2024 HTTP+SSE only): ${demo.legacySse?.url} — add it as {"type": "sse", "url": "${demo.legacySse?.url}"}`,
);

// Run Vite's own script with node so the child's PID is the real server's, which we can stop.
const vite = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--host', host, '--port', port, '--strictPort'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log(`Glassbox: http://${host}:${port}/`);

let stopping = false;

/** Stops the child and the servers, then exits with `code`. */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (vite.exitCode === null && vite.signalCode === null) {
    const exited = new Promise((resolve) => vite.once('exit', resolve));
    vite.kill('SIGTERM');
    // Vite normally stops at once; do not hang if it does not.
    const timer = setTimeout(() => vite.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  await demo.close();
  process.exit(code);
}

vite.on('exit', (code, signal) => {
  if (stopping) return;
  // Ctrl-C in a terminal signals the whole process group, so Vite may stop before we hear of it.
  const interrupted = signal === 'SIGINT' || signal === 'SIGTERM' || code === 0 || code === 130 || code === 143;
  if (!interrupted) console.error(`Vite stopped (${signal ?? `exit code ${code}`}).`);
  void stop(interrupted ? 0 : (code ?? 1));
});
vite.on('error', (error) => {
  console.error(`Could not start Vite: ${error.message}`);
  void stop(1);
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
