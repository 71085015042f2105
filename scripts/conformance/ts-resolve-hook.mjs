/**
 * Lets Node (22.18+, which strips TypeScript types itself) run the repo's TypeScript sources:
 * `src` imports sibling modules without an extension (`./form-model`), as the bundler resolves
 * them, so this resolve hook tries `.ts` and `/index.ts` for such imports from a .ts file.
 *
 * Use: node --import ./scripts/conformance/ts-resolve-hook.mjs some-file.ts
 */
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (relative && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]s$/.test(specifier)) {
      for (const suffix of ['.ts', '/index.ts']) {
        const candidate = new URL(`${specifier}${suffix}`, context.parentURL);
        if (existsSync(candidate)) return nextResolve(candidate.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
