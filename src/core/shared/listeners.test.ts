import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners';

describe('Listeners', () => {
  it('notifies now, or once per microtask however many changes came, and stops after unsubscribe', async () => {
    const listeners = new Listeners();
    let calls = 0;
    const unsubscribe = listeners.subscribe(() => calls++);
    listeners.notify();
    expect(calls).toBe(1);
    listeners.notifySoon();
    listeners.notifySoon();
    expect(calls).toBe(1);
    await Promise.resolve();
    expect(calls).toBe(2);
    unsubscribe();
    listeners.notify();
    expect(calls).toBe(2);
  });
});
