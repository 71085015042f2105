// The bridge refuses Windows with a sentence that says why, and runs where process groups exist.
import { afterEach, describe, expect, it } from 'vitest';
import { unsupportedPlatform } from './platform';

const real = Object.getOwnPropertyDescriptor(process, 'platform');
afterEach(() => {
  if (real !== undefined) Object.defineProperty(process, 'platform', real);
});

describe('the platforms the bridge runs on', () => {
  it('refuses Windows with a clear sentence', () => {
    Object.defineProperty(process, 'platform', { value: 'win32' });
    expect(unsupportedPlatform()).toBe(
      'glassbox-bridge does not run on Windows: it ends each server with its process group (POSIX signals), which Windows does not have. Run it in WSL, or on macOS or Linux.',
    );
  });

  it('runs on Linux and macOS', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      Object.defineProperty(process, 'platform', { value: platform });
      expect(unsupportedPlatform(), platform).toBeUndefined();
    }
  });
});
