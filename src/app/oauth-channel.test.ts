import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCallbackMessage, OAUTH_CHANNEL } from './oauth-channel';

describe('the OAuth callback page', () => {
  it('posts on the channel, and the message shape, that the opener listens for', () => {
    const script = readFileSync(new URL('../../public/oauth/callback.js', import.meta.url), 'utf8');
    expect(script).toContain(`new BroadcastChannel('${OAUTH_CHANNEL}')`);
    expect(isCallbackMessage({ type: 'glassbox-oauth-callback', query: 'code=x' })).toBe(true);
    expect(script).toContain("type: 'glassbox-oauth-callback'");
    // The code and state leave the address bar before anything else happens.
    expect(script.indexOf('history.replaceState')).toBeLessThan(script.indexOf('postMessage'));
  });
});
