import type { KeyValueBackend } from '../core/shared';
import { describe, expect, it } from 'vitest';
import type { PendingRedirect } from '../core/auth';
import { REDIRECT_MARKER_KEY, RETURN_FRAGMENT } from './oauth-channel';
import { createSameTabRedirect } from './same-tab-redirect';
import type { RedirectPage } from './same-tab-redirect';

/** A tab: its address, history calls, sessionStorage; `backend` stands for the sign-in's IndexedDB database. */
function tab(hash = '', session = new Map<string, string>()) {
  const calls = { replaced: [] as string[], historyUrls: [] as string[], opened: 0 };
  const page: RedirectPage = {
    location: { hash, pathname: '/glassbox/', search: '', replace: (url: string | URL) => void calls.replaced.push(String(url)) },
    history: { replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => void calls.historyUrls.push(String(url)) },
    session: {
      getItem: (key) => session.get(key) ?? null,
      setItem: (key, value) => void session.set(key, value),
      removeItem: (key) => void session.delete(key),
    },
  };
  return { page, calls, session };
}

function memoryBackend(counter: { opened: number }, records = new Map<string, unknown>()) {
  const backend: KeyValueBackend = {
    get: async (key) => records.get(key),
    put: async (key, value) => void records.set(key, value),
    delete: async (key) => void records.delete(key),
  };
  return { open: async () => (counter.opened++, backend), records };
}

const PENDING = {
  serverUrl: 'https://mcp.example/mcp',
  authorizationUrl: 'https://as.example/authorize?state=s1',
  codeVerifier: 'verifier-value',
  state: 's1',
} as PendingRedirect;

describe('the same-tab sign-in in the page', () => {
  it('seals the flow, marks the tab and replaces it by the authorization page; back, hands the flow out once and deletes it', async () => {
    const counter = { opened: 0 };
    const { open, records } = memoryBackend(counter);
    const first = tab();
    const going = createSameTabRedirect(open, first.page);
    await going.go('notes', PENDING);
    expect(first.calls.replaced).toEqual([PENDING.authorizationUrl]);
    expect(first.session.get(REDIRECT_MARKER_KEY)).toBe('1');
    expect(JSON.stringify([...records.values()])).not.toContain('verifier-value');

    const answer = 'code=the-code&state=s1&iss=https%3A%2F%2Fas.example';
    const back = tab(`${RETURN_FRAGMENT}${encodeURIComponent(answer)}`, first.session);
    const coming = createSameTabRedirect(open, back.page);
    // The answer leaves the address bar at once, before anything is awaited.
    expect(back.calls.historyUrls).toEqual(['/glassbox/']);
    expect(back.session.has(REDIRECT_MARKER_KEY)).toBe(false);
    expect(await coming.returned('other', PENDING.serverUrl)).toBeUndefined();
    const returned = await coming.returned('notes', PENDING.serverUrl);
    expect(returned?.pending).toEqual(PENDING);
    expect(returned?.callback.get('code')).toBe('the-code');
    expect(await coming.returned('notes', PENDING.serverUrl)).toBeUndefined();
    expect(records.size).toBe(0);
  });

  it('forgets a flow whose tab came back without an answer, and opens no database in a tab that never left', async () => {
    const counter = { opened: 0 };
    const { open, records } = memoryBackend(counter);
    const first = tab();
    await createSameTabRedirect(open, first.page).go('notes', PENDING);
    const opensBefore = counter.opened;
    const back = createSameTabRedirect(open, tab('', first.session).page);
    expect(await back.returned('notes', PENDING.serverUrl)).toBeUndefined();
    expect(records.size).toBe(0);

    const fresh = createSameTabRedirect(open, tab().page);
    expect(await fresh.returned('notes', PENDING.serverUrl)).toBeUndefined();
    expect(counter.opened).toBe(opensBefore + 1);
  });

  it('ignores an answer in the address bar when no flow was sealed (a forged link)', async () => {
    const { open } = memoryBackend({ opened: 0 });
    const forged = tab(`${RETURN_FRAGMENT}${encodeURIComponent('code=forged&state=x')}`);
    const redirect = createSameTabRedirect(open, forged.page);
    expect(forged.calls.historyUrls).toEqual(['/glassbox/']);
    expect(await redirect.returned('notes', PENDING.serverUrl)).toBeUndefined();
  });
});
