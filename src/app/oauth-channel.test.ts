import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCallbackMessage, OAUTH_CHANNEL, REDIRECT_MARKER_KEY, RETURN_FRAGMENT } from './oauth-channel';

describe('the OAuth callback page', () => {
  it('posts on the channel, and the message shape, that the opener listens for', () => {
    const script = readFileSync(new URL('../../public/oauth/callback.js', import.meta.url), 'utf8');
    expect(script).toContain(`new BroadcastChannel('${OAUTH_CHANNEL}')`);
    expect(isCallbackMessage({ type: 'glassbox-oauth-callback', query: 'code=x' })).toBe(true);
    expect(script).toContain("type: 'glassbox-oauth-callback'");
    // The code and state leave the address bar before anything else happens.
    expect(script.indexOf('history.replaceState')).toBeLessThan(script.indexOf('postMessage'));
  });

  it('goes back to the app with the fragment the app takes, in a tab marked as waiting for a same-tab sign-in', () => {
    const script = readFileSync(new URL('../../public/oauth/callback.js', import.meta.url), 'utf8');
    expect(script).toContain(`sessionStorage.getItem('${REDIRECT_MARKER_KEY}')`);
    expect(script).toContain(`location.replace('../${RETURN_FRAGMENT}' + encodeURIComponent(query))`);
    expect(script.indexOf('history.replaceState')).toBeLessThan(script.indexOf('location.replace'));
  });
});
