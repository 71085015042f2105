import { startDemo } from './servers/start-demo.mjs';
import { start as startLab } from './servers/lab.mjs';
import { start as startEverything } from './servers/everything.mjs';
import { start as startLegacySse } from './servers/legacy-sse.mjs';
import { start as startRounds } from './servers/rounds.mjs';
import { start as startPoisoned } from './servers/poisoned.mjs';
import { start as startAppExample } from './servers/app-examples.mjs';
import { start as startHostileApp } from './servers/hostile-app.mjs';
import { TEST_PORTS } from './test-ports';

/** Start every server the browser tests need on loopback; Playwright calls the returned function to stop them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const host = '127.0.0.1';
  const servers = await Promise.all([
    startDemo({ host, weatherPort: TEST_PORTS.weather, calendarPort: TEST_PORTS.calendar }),
    startLab({ host, port: TEST_PORTS.lab }),
    startEverything({ host, port: TEST_PORTS.everything }),
    startLegacySse({ host, port: TEST_PORTS.legacySse }),
    startRounds({ host, port: TEST_PORTS.rounds }),
    startPoisoned({ host, port: TEST_PORTS.poisoned }),
    startAppExample({ example: 'basic', host, port: TEST_PORTS.appBasic }),
    startAppExample({ example: 'budget', host, port: TEST_PORTS.appBudget }),
    startHostileApp({ host, port: TEST_PORTS.appHostile }),
  ]);
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
