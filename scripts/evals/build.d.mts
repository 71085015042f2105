/** Types for build.mjs, so the command's test can build the bundle first. */
/** Where the bundle is written (scripts/evals/generated/headless.mjs). */
export declare const HEADLESS_BUNDLE: string;
/** Bundles src/core/evals/headless.ts for Node 20. */
export declare function buildHeadless(): Promise<void>;
/** Bundles one core entry (a path from the repository root) into `outFile` for Node 20, emptying its folder first. */
export declare function buildNodeBundle(entry: string, outFile: string): Promise<void>;
