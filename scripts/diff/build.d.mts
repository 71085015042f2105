/** Types for build.mjs, so the command's test can build the bundle first. */
/** Where the bundle is written (scripts/diff/generated/diff.mjs). */
export declare const DIFF_BUNDLE: string;
/** Bundles src/core/snapshot/headless.ts for Node 20. */
export declare function buildDiff(): Promise<void>;
