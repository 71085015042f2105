/** Where the headless server check's bundle is written. */
export declare const CHECK_BUNDLE: string;
/** Builds the bundle. */
export declare function buildCheck(): Promise<void>;
