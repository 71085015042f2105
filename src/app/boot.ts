/**
 * The page's entry, kept tiny on purpose. index.html holds the app's first screen, prerendered by
 * the build with its style inline (and the saved panel sizes, by its inline script), so it paints
 * before this module has even arrived. Once it is painted this loads the app (React, the MCP
 * client, every panel), which draws the restored session over it. So the first paint never waits
 * for a file.
 * First of all, a sign-in's answer in the address is taken out and sent where it is awaited
 * (oauth-landing.ts, loaded only when the address has a `state`, so this entry stays small): a
 * sign-in window that landed here hands it over and closes without the app.
 */
import { openDatabaseEarly } from '../core/persistence/open-database';

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

/** True when this page was a sign-in window that handed a sign-in's answer back (it is closing): checked only when the address has a `state`. */
function signInWindowDone(): Promise<boolean> {
  if (!/[?&]state=/.test(location.search)) return Promise.resolve(false);
  return import('./oauth-landing').then(({ landInThisPage }) => landInThisPage());
}

void signInWindowDone().then((done) => {
  if (!done) {
    afterFirstPaint(() => {
      // The session's database opens on the browser's storage thread while the app downloads.
      openDatabaseEarly();
      import('./main').catch(showLoadFailure);
    });
  }
}, showLoadFailure);
