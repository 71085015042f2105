/**
 * The page's side of the in-page demo servers: before the first request to one of them, the page
 * registers the demo Service Worker (demo-worker.js beside index.html, so its scope is the app's
 * path) and waits until it controls the page, because only a controlled page's fetches reach it.
 * Nothing is registered until a config names a demo server, so other pages never get a worker.
 */
import { inPageDemoServer, mockLabelOfUrl } from '../core/config';

/** The worker's file, relative to the page (vite.config.ts builds it there). */
const DEMO_WORKER_SCRIPT = 'demo-worker.js';

/** The message that asks an active worker to claim this page (see src/demo-worker/worker.ts). */
const CLAIM_MESSAGE = 'glassbox:claim';

/** How long the page waits for the worker to take control before it says so. */
const DEMO_WORKER_TIMEOUT_MS = 10_000;

/** The in-page demo servers cannot run: no Service Worker, or it never took control of the page. */
export class DemoWorkerError extends Error {
  readonly code = 'demo-worker-unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'DemoWorkerError';
  }
}

/** The browser's Service Worker container, or undefined where there is none (an insecure context, some private windows). */
function serviceWorkers(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/**
 * Registers the worker and resolves once it controls the page; rejects with a DemoWorkerError at
 * once when registering gives no registration (Service Workers blocked), or after `timeoutMs`.
 */
async function takeControl(container: ServiceWorkerContainer, timeoutMs: number): Promise<void> {
  // Typed as always a registration, but a browser that blocks Service Workers may give none.
  const registration: ServiceWorkerRegistration | undefined = await container
    .register(new URL(DEMO_WORKER_SCRIPT, document.baseURI))
    .catch((error: unknown) => {
      throw new DemoWorkerError(
        `The demo servers run in this page's Service Worker, and the browser would not start it (${error instanceof Error ? error.message : String(error)}).`,
      );
    });
  if (container.controller) return;
  // No registration, no worker to wait for: say so now rather than after `timeoutMs`.
  if (registration === undefined) {
    throw new DemoWorkerError(
      `The demo servers run in this page's Service Worker, and the browser would not start it (registering it gave no worker: Service Workers are blocked for this page).`,
    );
  }
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(() => {
      container.removeEventListener('controllerchange', done);
      reject(
        new DemoWorkerError(
          `The demo servers run in this page's Service Worker, and it did not take control of the page within ${Math.round(timeoutMs / 1000)} s. Reload the page to try again.`,
        ),
      );
    }, timeoutMs);
    container.addEventListener('controllerchange', done);
    // A worker that is already active (say, after a hard reload, which bypasses it) claims the page
    // when asked; a new one claims it itself when it activates.
    registration.active?.postMessage(CLAIM_MESSAGE);
    if (container.controller) done();
  });
}

let control: Promise<void> | undefined;

/** Resolves when the demo worker controls the page (registering it the first time). A failure is not kept: the next request tries again. */
export function demoWorkerReady(timeoutMs = DEMO_WORKER_TIMEOUT_MS): Promise<void> {
  const container = serviceWorkers();
  if (container === undefined) {
    return Promise.reject(
      new DemoWorkerError(
        'The demo servers run in a Service Worker in this page, and this browser gives the page none (a private window or a page not served over https or from localhost). Name a server of your own in the config.',
      ),
    );
  }
  if (container.controller) return Promise.resolve();
  control ??= takeControl(container, timeoutMs).finally(() => {
    control = undefined;
  });
  return control;
}

/** The URL a fetch call asks for. */
function requestUrl(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** `fetch`, except that a request to an in-page demo server or a mock first waits for the demo worker to control the page. */
export function withDemoWorker(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = requestUrl(input);
    if (inPageDemoServer(url) !== undefined || mockLabelOfUrl(url) !== undefined) await demoWorkerReady();
    return fetchImpl(input, init);
  };
}
