import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OAuthCallbackMessage } from './oauth-channel';
import { REDIRECT_MARKER_KEY, RETURN_FRAGMENT } from './oauth-channel';
import { authorizationResponse, landOAuthCallback, type LandingPage } from './oauth-landing';

/** A page at `pathname` + `search`, marked as waiting for a same-tab sign-in or not. */
function page(pathname: string, search: string, waiting = false) {
  const addresses: string[] = [];
  const posted: OAuthCallbackMessage[] = [];
  const landing: LandingPage = {
    location: { pathname, search },
    history: { replaceState: (_state, _unused, url) => void addresses.push(String(url)) },
    session: { getItem: (key) => (waiting && key === REDIRECT_MARKER_KEY ? '1' : null) },
    post: (message) => void posted.push(message),
  };
  return { landing, addresses, posted };
}

describe('the app as the page a sign-in comes back to', () => {
  it('knows an authorization response: state with a code or an error', () => {
    expect(authorizationResponse('?code=abc&state=xyz&iss=https%3A%2F%2Fas')).toBe('code=abc&state=xyz&iss=https%3A%2F%2Fas');
    expect(authorizationResponse('?error=access_denied&state=xyz')).toBe('error=access_denied&state=xyz');
    expect(authorizationResponse('?code=abc')).toBeUndefined();
    expect(authorizationResponse('?state=xyz')).toBeUndefined();
    expect(authorizationResponse('')).toBeUndefined();
  });

  it('in a sign-in window: takes the answer out of the address and hands it, unchanged, to the opener on the channel', () => {
    const { landing, addresses, posted } = page('/glassbox/', '?code=abc&state=xyz&iss=https%3A%2F%2Fas');
    expect(landOAuthCallback(landing)).toBe('handed-over');
    expect(addresses).toEqual(['/glassbox/']);
    expect(posted).toEqual([{ type: 'glassbox-oauth-callback', query: 'code=abc&state=xyz&iss=https%3A%2F%2Fas' }]);
  });

  it('in a tab that left to sign in: moves the answer into the fragment the same-tab sign-in takes, and posts nothing', () => {
    const { landing, addresses, posted } = page('/glassbox/', '?code=abc&state=xyz', true);
    expect(landOAuthCallback(landing)).toBe('same-tab');
    expect(addresses).toEqual([`/glassbox/${RETURN_FRAGMENT}${encodeURIComponent('code=abc&state=xyz')}`]);
    expect(posted).toEqual([]);
  });

  it('leaves an ordinary visit alone', () => {
    const { landing, addresses, posted } = page('/glassbox/', '?utm_source=x');
    expect(landOAuthCallback(landing)).toBe('none');
    expect(addresses).toEqual([]);
    expect(posted).toEqual([]);
  });
});

describe("index.html's first lines", () => {
  /** Runs index.html's first inline script (it handles the old callback address) at `href`; returns where it went. */
  function run(href: string): string | undefined {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? '')
      .find((code) => code.includes('oauth'));
    expect(script).toBeDefined();
    const url = new URL(href);
    let went: string | undefined;
    const location = { pathname: url.pathname, search: url.search, replace: (to: string) => void (went = to) };
    // The same script picks the theme next: its browser pieces are stand-ins here.
    const theme = {
      localStorage: { getItem: () => null },
      matchMedia: () => ({ matches: false }),
      document: { documentElement: { setAttribute: () => undefined } },
    };
    new Function('location', 'localStorage', 'matchMedia', 'document', script!)(
      location,
      theme.localStorage,
      theme.matchMedia,
      theme.document,
    );
    return went;
  }

  it('send a sign-in answer at the old callback address on to the app, keeping the answer', () => {
    expect(run('https://host/glassbox/oauth/callback?code=abc&state=xyz')).toBe('/glassbox/?code=abc&state=xyz');
    expect(run('https://host/oauth/callback/?error=access_denied&state=xyz')).toBe('/?error=access_denied&state=xyz');
  });

  it('do nothing anywhere else', () => {
    expect(run('https://host/glassbox/?code=abc&state=xyz')).toBeUndefined();
    expect(run('https://host/glassbox/oauth/callback')).toBeUndefined();
  });
});
