import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsOptions } from '../../src/demo-servers/cors.mjs';

export * from '../../src/demo-servers/cors.mjs';

/** Sets CORS headers and answers a preflight; true when the request is finished. */
export declare function applyCors(req: IncomingMessage, res: ServerResponse, options?: CorsOptions): boolean;
