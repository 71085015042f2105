/** Types for build.mjs, so TypeScript specs can build the harness. */

/** The repository root. */
export declare const REPO_ROOT: string;
/** The harness sources. */
export declare const HARNESS_DIR: string;
/** Where the harness sits inside the served site. */
export declare const HARNESS_PATH: string;
/** Builds the production app into `outDir` with the repository's Vite config. */
export declare function buildApp(outDir: string): Promise<void>;
/** Builds the harness page (index.html) and the blank page (blank.html) into `outDir`. */
export declare function buildHarness(outDir: string): Promise<void>;
