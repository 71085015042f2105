/** Types for build.mjs, so the command's test can build the bundle first. */
/** Where the bundle is written (scripts/load/generated/load.mjs). */
export declare const LOAD_BUNDLE: string;
/** Bundles src/core/load/headless.ts for Node 20. */
export declare function buildLoad(): Promise<void>;
