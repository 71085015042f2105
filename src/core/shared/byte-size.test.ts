import { describe, expect, it } from 'vitest';
import { base64Bytes, formatBytes } from './byte-size';

describe('byte sizes', () => {
  it('formats sizes in binary steps, the one unit shown and told to the model', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(12_595)).toBe('12.3 kB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20.0 MB');
  });

  it('counts base64 without decoding it', () => {
    expect(base64Bytes(Buffer.from('hello').toString('base64'))).toBe(5);
  });
});
