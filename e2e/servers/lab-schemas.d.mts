import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** The server's instructions. */
export declare const SCHEMAS_INSTRUCTIONS: string;
/** A 1×1 PNG data: URL, an icon the page may draw. */
export declare const DATA_ICON: string;
/** One schemas server (one per session). */
export declare function createSchemasServer(): Server;
