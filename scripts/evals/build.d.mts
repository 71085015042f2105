/** Types for build.mjs, so the command's test can build the bundle first. */
/** Where the bundle is written (scripts/evals/generated/headless.mjs). */
export declare const HEADLESS_BUNDLE: string;
/** Bundles src/core/evals/headless.ts for Node 20. */
export declare function buildHeadless(): Promise<void>;
