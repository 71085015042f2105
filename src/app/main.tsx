import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryBackend, openIndexedDbBackend } from '../core/persistence';
import type { KeyValueBackend } from '../core/persistence';
import { App } from './app';
import { takeConfigFragment } from './config-storage';
import { createServices, startServices } from '../core/composition';
import { browserStorage } from './browser-storage';
import { withDemoWorker } from './demo-worker-client';
import { browserSignInSetup } from './sign-in-setup';

/** IndexedDB, or memory (with a problem to show) where the browser refuses it. */
async function openBackend(): Promise<{ backend: KeyValueBackend; problems: string[] }> {
  try {
    return { backend: await openIndexedDbBackend(), problems: [] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { backend: new MemoryBackend(), problems: [`This browser does not let Glassbox keep the session (${reason}); it lasts until the tab is closed.`] };
  }
}

/**
 * Start-up milestones on the page's performance timeline (DevTools' Performance panel and the
 * bench read them): the app's code ran, the saved session is back, the first render is done.
 */
const mark = (name: 'app-start' | 'session-restored' | 'first-render'): void => {
  performance.mark(`glassbox:${name}`);
};

async function start(): Promise<void> {
  mark('app-start');
  const opened = await openBackend();
  // A request to an in-page demo server waits until the demo Service Worker controls the page.
  const services = createServices({ baseFetch: withDemoWorker(globalThis.fetch.bind(globalThis)), backend: opened.backend, storage: browserStorage(), signIn: browserSignInSetup(browserStorage()) });
  // Restores, picks the config text (a share link wins) and connects, outside React, so StrictMode's
  // double effects cannot connect twice.
  const { restored } = await startServices(services, { fragment: takeConfigFragment() });
  mark('session-restored');
  // Save at once when the page goes away or into the background; a crash loses at most one save window.
  const saveNow = () => {
    services.config.current();
    void services.persistence.flush();
  };
  addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} restoreProblems={[...opened.problems, ...restored.problems]} onFirstRender={() => mark('first-render')} />
    </StrictMode>,
  );
}

void start();
