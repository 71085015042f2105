/** Types for build.mjs, so the command's test can build the bundle first. */
/** Where the bundle is written (scripts/mock/generated/mock.mjs). */
export declare const MOCK_BUNDLE: string;
/** Bundles src/core/mock-command.ts for Node 20. */
export declare function buildMock(): Promise<void>;
