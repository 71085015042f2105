import type { readBridgeConfig } from './config-entry.ts';

/** Where the bundle is written. */
export declare const CONFIG_BUNDLE: string;
/** Bundles bridge/config-entry.ts into bridge/generated/config.mjs. */
export declare function buildConfigBundle(): Promise<string>;
/** The bundle's readBridgeConfig, building it first when missing. */
export declare function loadReadBridgeConfig(): Promise<typeof readBridgeConfig>;
