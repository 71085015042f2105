import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseMcpConfig } from '../core/config';
import { MemoryBackend, openIndexedDbBackend } from '../core/persistence';
import type { KeyValueBackend } from '../core/persistence';
import { App } from './app';
import { loadInitialConfig, saveConfig } from './config-storage';
import { createServices } from '../core/composition';
import { browserStorage } from './browser-storage';

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
  const services = createServices({ backend: opened.backend, storage: browserStorage() });
  // Restore before connecting: loading replaces the traffic log, so nothing may be recorded before it.
  const restored = await services.persistence.restore();
  mark('session-restored');
  const initial = loadInitialConfig();
  if (initial.source === 'fragment') saveConfig(initial.text);
  // localStorage keeps the config as typed; the IndexedDB copy (secrets stripped) is the fallback.
  const configText = initial.source === 'default' && restored.configText !== undefined ? restored.configText : initial.text;
  services.persistence.setConfigText(configText);
  services.persistence.start();
  // Save at once when the page goes away or into the background; a crash loses at most one save window.
  addEventListener('pagehide', () => void services.persistence.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void services.persistence.flush();
  });
  // Connect at start-up, outside React, so StrictMode's double effects cannot connect twice.
  void services.connections.apply(parseMcpConfig(configText).config?.servers ?? []);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} initialConfigText={configText} restoreProblems={[...opened.problems, ...restored.problems]} onFirstRender={() => mark('first-render')} />
    </StrictMode>,
  );
}

void start();
