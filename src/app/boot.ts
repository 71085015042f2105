/**
 * The page's entry, kept tiny on purpose. index.html holds the app's first screen, prerendered by
 * the build with its style inline (and the saved panel sizes, by its inline script), so it paints
 * before this module has even arrived. Once it is painted this loads the app (React, the MCP
 * client, every panel), which hydrates it. So the first paint never waits for a file.
 * First of all, a sign-in's answer in the address is taken out and sent where it is awaited
 * (oauth-landing.ts): a sign-in window that landed here hands it over and closes without the app.
 */
import { landOAuthCallback } from './oauth-landing';

/**
 * Runs `load` once the first contentful frame is on screen (at once in a hidden tab, which paints
 * none). Waiting for the paint itself, not just for the frame to be produced, keeps the app's
 * download and compile from competing with that first frame's raster on a busy machine.
 */
function afterFirstPaint(load: () => void): void {
  if (document.visibilityState === 'hidden') {
    load();
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    observer?.disconnect();
    load();
  };
  const observer = PerformanceObserver.supportedEntryTypes.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  // Without paint timing (or should it never report), go on after the next frame.
  // rAF runs just before a frame is painted; a task queued from it runs after that frame.
  requestAnimationFrame(() => setTimeout(once, observer === undefined ? 0 : 500));
}

/** Says, in a status line over the page, that the app's code could not load (the prerendered screen cannot work without it). */
function showLoadFailure(error: unknown): void {
  const status = document.createElement('p');
  status.id = 'load-failure';
  status.className = 'load-failure';
  status.setAttribute('role', 'alert');
  status.textContent = `Glassbox could not load its code: ${error instanceof Error ? error.message : String(error)}\nReload the page to try again.`;
  document.body.append(status);
}

/**
 * A glassbox-bridge pair link (`#bridge=…`) carries the bridge's token: it leaves the address bar
 * at once, before anything else runs (so no reload, bookmark or history entry keeps it), and waits
 * in memory for the app (src/app/config-storage.ts takes it).
 */
if (location.hash.startsWith('#bridge=')) {
  (globalThis as { glassboxPairLink?: string }).glassboxPairLink = location.hash;
  history.replaceState(history.state, '', location.pathname + location.search);
}

/** Says, over the page, that the sign-in went back to the tab that opened this window. */
function showHandedOver(): void {
  const status = document.createElement('p');
  status.id = 'sign-in-handed-over';
  status.className = 'boot-status';
  status.setAttribute('role', 'status');
  status.textContent = 'Signed in: the sign-in went back to Glassbox. This window closes by itself (close it if it stays open).';
  document.body.append(status);
}

const landing = landOAuthCallback();
if (landing === 'handed-over') {
  showHandedOver();
  window.close();
}
// A sign-in window is done; a plain tab that came here with an answer (it cannot be closed by script) goes on to the app.
if (landing !== 'handed-over' || !window.closed) {
  afterFirstPaint(() => {
    import('./main').catch(showLoadFailure);
  });
}
