import { describe, expect, it } from 'vitest';
import { decodeBase64Url, decodeBase64UrlText, encodeBase64Url, encodeBase64UrlText } from './base64url';

describe('base64url', () => {
  it("encodes bytes as Node's base64url does, without padding", () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 151 + 7) % 256);
      const encoded = encodeBase64Url(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64Url(encoded)).toEqual(bytes);
    }
  });

  it('round-trips UTF-8 text', () => {
    const text = '{"name":"café ☕ 𝄞"}';
    expect(encodeBase64UrlText(text)).toBe(Buffer.from(text).toString('base64url'));
    expect(decodeBase64UrlText(encodeBase64UrlText(text))).toBe(text);
  });

  it('reads padded input too', () => {
    expect(decodeBase64UrlText('aGk=')).toBe('hi');
  });

  it('refuses what is not base64url, or not UTF-8 when text is asked for', () => {
    expect(decodeBase64Url('ab*c')).toBeNull();
    expect(decodeBase64Url('ab.c')).toBeNull();
    expect(decodeBase64Url('abcde')).toBeNull();
    expect(decodeBase64Url('a b')).toBeNull();
    expect(decodeBase64UrlText(encodeBase64Url(Uint8Array.of(0xff, 0xfe)))).toBeNull();
  });
});
