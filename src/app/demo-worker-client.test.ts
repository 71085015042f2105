import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoWorkerError, withDemoWorker } from './demo-worker-client';

describe('requests to the in-page demo servers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('go straight through for any other URL, worker or not', async () => {
    vi.stubGlobal('navigator', {});
    const calls: string[] = [];
    const fetchThrough = withDemoWorker(async (input) => {
      calls.push(String(input));
      return new Response('ok');
    });
    await expect(fetchThrough('http://127.0.0.1:3101/mcp').then((response) => response.text())).resolves.toBe('ok');
    await fetchThrough(new URL('https://api.anthropic.com/v1/messages'));
    expect(calls).toEqual(['http://127.0.0.1:3101/mcp', 'https://api.anthropic.com/v1/messages']);
  });

  it('are refused with a clear, coded error where the browser gives the page no Service Worker, and never reach the network', async () => {
    vi.stubGlobal('navigator', {});
    const network = vi.fn(async () => new Response('should not be asked'));
    const fetchThrough = withDemoWorker(network);
    const failure = await fetchThrough('https://weather.example.com/mcp', { method: 'POST' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DemoWorkerError);
    expect((failure as DemoWorkerError).code).toBe('demo-worker-unavailable');
    expect((failure as DemoWorkerError).message).toMatch(/Service Worker/);
    expect(network).not.toHaveBeenCalled();
  });

  it('are refused at once, without waiting for control, where registering gives no registration (Service Workers blocked)', async () => {
    const container = { controller: null, register: vi.fn(async () => undefined), addEventListener: vi.fn(), removeEventListener: vi.fn() };
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('document', { baseURI: 'https://example.github.io/glassbox/' });
    const network = vi.fn(async () => new Response('should not be asked'));
    const started = Date.now();
    const failure = await withDemoWorker(network)('https://weather.example.com/mcp').catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failure).toBeInstanceOf(DemoWorkerError);
    expect((failure as Error).message).toMatch(/the browser would not start it \(registering it gave no worker/);
    expect(container.addEventListener).not.toHaveBeenCalled();
    expect(network).not.toHaveBeenCalled();
  });

  it('wait for the worker to take control, and say so when it never does', async () => {
    vi.useFakeTimers();
    const listeners = new Set<() => void>();
    const container = {
      controller: null as object | null,
      register: vi.fn(async () => ({ active: { postMessage: vi.fn() } })),
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('document', { baseURI: 'https://example.github.io/glassbox/' });
    const network = vi.fn(async () => new Response('from the worker'));
    const fetchThrough = withDemoWorker(network);

    // Control arrives: the request goes on, to the worker registered at the app's path.
    const answered = fetchThrough('https://calendar.example.com/mcp');
    await vi.advanceTimersByTimeAsync(100);
    expect(network).not.toHaveBeenCalled();
    expect(container.register).toHaveBeenCalledWith(new URL('https://example.github.io/glassbox/demo-worker.js'));
    container.controller = {};
    for (const listener of [...listeners]) listener();
    await expect(answered.then((response) => response.text())).resolves.toBe('from the worker');

    // Control never arrives: after the timeout, a clear message instead of a request.
    container.controller = null;
    network.mockClear();
    const refused = fetchThrough('https://weather.example.com/mcp').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const failure = await refused;
    expect(failure).toBeInstanceOf(DemoWorkerError);
    expect((failure as Error).message).toMatch(/did not take control of the page within 10 s/);
    expect(network).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
