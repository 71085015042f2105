import { describe, expect, it } from 'vitest';
import { ElicitationUrlError } from './elicitation-error';
import { parseElicitationUrl, registrableDomain } from './url-mode';

/** The code of the error parseElicitationUrl throws for `text`. */
function refusal(text: string): string | undefined {
  try {
    parseElicitationUrl(text);
    return undefined;
  } catch (error) {
    return error instanceof ElicitationUrlError ? error.code : 'other';
  }
}

describe('registrableDomain', () => {
  it('keeps the last two labels, three under a country code second level', () => {
    expect(registrableDomain('login.accounts.example.com')).toBe('example.com');
    expect(registrableDomain('shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('example.com.au')).toBe('example.com.au');
    expect(registrableDomain('a.b.example.de')).toBe('example.de');
    expect(registrableDomain('localhost')).toBe('localhost');
    expect(registrableDomain('192.168.1.20')).toBe('192.168.1.20');
    expect(registrableDomain('[::1]')).toBe('[::1]');
  });
});

describe('parseElicitationUrl', () => {
  it('splits the address so that before + domain + after is the whole of it', () => {
    const link = parseElicitationUrl('https://auth.example.co.uk/consent?state=abc#top');
    expect(link).toEqual({
      href: 'https://auth.example.co.uk/consent?state=abc#top',
      host: 'auth.example.co.uk',
      domain: 'example.co.uk',
      before: 'https://auth.',
      after: '/consent?state=abc#top',
      hasCredentials: false,
      insecure: false,
    });
  });

  it('shows the real host behind a user-name trick, and flags it', () => {
    const link = parseElicitationUrl('https://paypal.com@evil.example.net:8443/login');
    expect(link.domain).toBe('example.net');
    expect(link.hasCredentials).toBe(true);
    expect(`${link.before}${link.domain}${link.after}`).toBe(link.href);
    expect(link.before).toBe('https://paypal.com@evil.');
  });

  it('shows a look-alike international domain in punycode', () => {
    const link = parseElicitationUrl('https://аpple.com/');
    expect(link.domain).toBe('xn--pple-43d.com');
    expect(`${link.before}${link.domain}${link.after}`).toBe(link.href);
  });

  it('flags plain http and keeps IP addresses whole', () => {
    const link = parseElicitationUrl('http://127.0.0.1:4801/pay');
    expect(link).toMatchObject({ domain: '127.0.0.1', before: 'http://', after: ':4801/pay', insecure: true });
  });

  it('refuses other schemes and things that are no address', () => {
    expect(refusal('javascript:alert(1)')).toBe('unsupported-scheme');
    expect(refusal('data:text/html,<b>hi</b>')).toBe('unsupported-scheme');
    expect(refusal('file:///etc/passwd')).toBe('unsupported-scheme');
    expect(refusal('example.com/login')).toBe('invalid-url');
    expect(refusal('')).toBe('invalid-url');
  });
});
