import { describe, expect, it } from 'vitest';
import { BridgeError } from './bridge-error';
import { encodeBridgeFragment, parseBridgeFragment } from './pair-link';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

/** A fragment of any payload, as base64url JSON. */
const fragmentOf = (payload: unknown): string => `#bridge=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;

describe('parseBridgeFragment', () => {
  it('reads a version 1 link to a loopback bridge, on each loopback name', () => {
    for (const url of ['http://127.0.0.1:4810', 'http://localhost:4810', 'http://[::1]:4810']) {
      expect(parseBridgeFragment(fragmentOf({ v: 1, url, token: TOKEN }))).toEqual({ url, token: TOKEN });
    }
    expect(parseBridgeFragment(encodeBridgeFragment({ url: 'http://127.0.0.1:1', token: TOKEN }))).toEqual({
      url: 'http://127.0.0.1:1',
      token: TOKEN,
    });
  });

  it.each([
    ['another version', { v: 2, url: 'http://127.0.0.1:4810', token: TOKEN }, /version 2/],
    ['a host that is not loopback', { v: 1, url: 'http://evil.example:4810', token: TOKEN }, /not loopback/],
    ['a LAN address', { v: 1, url: 'http://192.168.1.2:4810', token: TOKEN }, /not loopback/],
    ['https', { v: 1, url: 'https://127.0.0.1:4810', token: TOKEN }, /https:/],
    ['a path', { v: 1, url: 'http://127.0.0.1:4810/servers', token: TOKEN }, /path/],
    ['no port', { v: 1, url: 'http://127.0.0.1', token: TOKEN }, /no port/],
    ['a user name', { v: 1, url: 'http://me@127.0.0.1:4810', token: TOKEN }, /user name/],
    ['no token', { v: 1, url: 'http://127.0.0.1:4810' }, /token/],
    ['a token with other characters', { v: 1, url: 'http://127.0.0.1:4810', token: 'a b c d e f g h i j k l m n o p' }, /token/],
  ])('refuses %s with a bad-pair-link error', (_what, payload, message) => {
    const parse = () => parseBridgeFragment(fragmentOf(payload));
    expect(parse).toThrow(BridgeError);
    expect(parse).toThrow(message);
    try {
      parse();
    } catch (error) {
      expect((error as BridgeError).code).toBe('bad-pair-link');
    }
  });

  it('refuses a payload that is not base64url JSON', () => {
    expect(() => parseBridgeFragment('#bridge=%%%')).toThrow(/base64url/);
    expect(() => parseBridgeFragment(`#bridge=${Buffer.from('not json').toString('base64url')}`)).toThrow(/not JSON/);
  });
});
