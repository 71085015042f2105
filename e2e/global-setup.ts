import { startDemo } from './servers/start-demo.mjs';
import { start as startLab } from './servers/lab.mjs';
import { TEST_PORTS } from './test-ports';

/** Start every server the browser tests need on loopback; Playwright calls the returned function to stop them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const demo = await startDemo({ host: '127.0.0.1', weatherPort: TEST_PORTS.weather, calendarPort: TEST_PORTS.calendar });
  const lab = await startLab({ host: '127.0.0.1', port: TEST_PORTS.lab });
  return async () => {
    await Promise.all([demo.close(), lab.close()]);
  };
}
