import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './model-fixture';

/** The build the tests run against (playwright.config.ts serves it). */
const DIST = path.resolve(process.env['GLASSBOX_DIST'] ?? 'dist');

/**
 * The chunks whose first import is a side effect that must run before the rest of their code:
 * `core/mcp/zod-jitless.ts` switches zod's eval probe off before the MCP SDK's (or the MCP Apps
 * library's) schemas are built, which under the page's Content-Security-Policy would otherwise ask
 * for eval. Each can be the first of them to load, so each must run the switch itself, whatever
 * chunk the bundler put the switch in.
 */
const JITLESS_FIRST = ['client-sdk', 'sign-in-flow', 'tool-call-app'];

/** The built file of the chunk named `name` (`assets/name-hash.js`). */
function chunkFile(name: string): string {
  const files = readdirSync(path.join(DIST, 'assets')).filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
  expect(files, `one built chunk named ${name}`).toHaveLength(1);
  return `assets/${files[0]}`;
}

/** index.html's Content-Security-Policy, as built. */
function builtPolicy(): string {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  expect(policy, 'the build carries a CSP meta tag').toBeDefined();
  return policy!;
}

test.describe('a side-effect import runs before the code that imports after it, in the built chunks', () => {
  for (const name of JITLESS_FIRST) {
    test(`${name}, loaded first and alone under the page's CSP, builds its schemas without asking for eval`, async ({ page }) => {
      // A page of the app's origin with the app's policy and nothing else: the chunk is the first code to run.
      await page.route('**/execution-order.html', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html><head><meta charset="utf-8" /><meta http-equiv="Content-Security-Policy" content="${builtPolicy()}" /></head><body></body></html>`,
        }),
      );
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.goto('/execution-order.html');
      await page.evaluate(async (file) => {
        await import(new URL(file, location.href).href);
      }, chunkFile(name));
      // Violation events are queued as tasks: let them arrive.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    });
  }
});
