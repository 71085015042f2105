/**
 * What the sign-in specs share: the witness that reads every secret value off the network, the
 * steps of opening the app with one protected server `notes` and signing in, and the scan that
 * proves none of those secrets stayed anywhere the page can keep or show text.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { configPath } from './helpers';
import { downloadText, indexedDbDump, webStorage } from './storage-scan';

/** Every secret value that crossed the wire in this test (codes, verifiers, states, tokens), read off the network. */
export function witness(context: BrowserContext): { secrets: Set<string>; popups: Page[] } {
  const secrets = new Set<string>();
  const popups: Page[] = [];
  const collect = (params: URLSearchParams) => {
    for (const name of ['code', 'code_verifier', 'state', 'access_token', 'refresh_token', 'token']) {
      const value = params.get(name);
      if (value && value.length > 8) secrets.add(value);
    }
  };
  context.on('page', (page) => popups.push(page));
  context.on('request', (request) => {
    collect(new URL(request.url()).searchParams);
    const body = request.postData();
    if (body && !body.startsWith('{')) collect(new URLSearchParams(body));
  });
  context.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('/token')) return;
    const json = (await response.json().catch(() => undefined)) as Record<string, string> | undefined;
    for (const name of ['access_token', 'refresh_token']) if (json?.[name]) secrets.add(json[name]);
  });
  return { secrets, popups };
}

/** Opens the app (at `origin`, default the preview server) with one server `notes` and waits for it to settle. */
export async function openNotes(
  page: Page,
  entry: Record<string, unknown>,
  settled: RegExp = /needs-sign-in/,
  origin = '',
): Promise<Locator> {
  await page.goto(origin + configPath({ mcpServers: { notes: entry } }));
  const card = page.getByTestId('server-notes');
  await expect(card).toHaveAttribute('data-status', settled);
  return card;
}

/** Presses "Sign in" and waits for the connection. */
export async function signIn(page: Page): Promise<void> {
  await page.getByTestId('server-signin-notes').click();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'connected');
}

/** The auth debugger's steps as `step:status`, opened from the card. */
export async function steps(page: Page): Promise<string[]> {
  if ((await page.getByTestId('auth-debugger').count()) === 0) await page.getByTestId('server-auth-steps-notes').click();
  // The debugger loads on first use: wait for its rows before reading them.
  const rows = page.getByTestId('auth-debugger').getByTestId('auth-step');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((elements) =>
    elements.map((element) => `${element.getAttribute('data-step')}:${element.getAttribute('data-status')}`),
  );
}

/** Every URL of the tab's session history (what Back and Forward would go to), read through DevTools. */
export async function historyUrls(page: Page): Promise<string> {
  const devtools = await page.context().newCDPSession(page);
  const { entries } = await devtools.send('Page.getNavigationHistory');
  await devtools.detach();
  return entries.map((entry) => entry.url).join('\n');
}

/** No secret of `secrets` in the page text (debugger open), URL, history, web storage, IndexedDB or the MCP wire's HAR. */
export async function expectNoLeak(page: Page, secrets: Set<string>): Promise<void> {
  expect(secrets.size).toBeGreaterThan(0);
  if ((await page.getByTestId('auth-debugger').count()) === 0) await page.getByTestId('server-auth-steps-notes').click();
  const places: Record<string, string> = {
    'page text': await page.evaluate(() => document.body.innerText),
    'page attributes': await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value)).join('\n'),
    ),
    url: page.url(),
    'history entries': await historyUrls(page),
    'web storage': JSON.stringify(await webStorage(page)),
    IndexedDB: await indexedDbDump(page),
    HAR: await downloadText(page, 'traffic-export-har'),
  };
  for (const [place, text] of Object.entries(places))
    for (const secret of secrets) expect(text.includes(secret), `${place} holds a secret`).toBe(false);
}

/** The keys of the remembered sign-ins' IndexedDB database (glassbox-oauth): encrypted records, their index and the key. */
export async function rememberedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('glassbox-oauth');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('tokens')) {
            db.close();
            resolve([]);
            return;
          }
          const listing = db.transaction('tokens', 'readonly').objectStore('tokens').getAllKeys();
          listing.onerror = () => reject(listing.error);
          listing.onsuccess = () => {
            db.close();
            resolve(listing.result.map(String));
          };
        };
      }),
  );
}
