import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers a page may send. */
export declare const ALLOW_HEADERS: string;
/** Response headers a page may read. */
export declare const EXPOSE_HEADERS: string;
/** Methods the bridge answers. */
export declare const ALLOW_METHODS: string;
/** A fresh token: 32 random bytes, base64url. */
export declare function createToken(): string;
/** The Host values a request may carry: loopback names with the bridge's port. */
export declare function allowedHosts(port: number): Set<string>;
/** The origin of an http(s) URL. */
export declare function originOf(url: string): string;
/** Whether an Authorization header is `Bearer <token>` (constant time). */
export declare function bearerMatches(header: string | undefined, token: string): boolean;
/** The verdict on one request. */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };
/** Checks Host, then Origin, then (except preflights) the token. */
export declare function checkRequest(
  req: IncomingMessage,
  options: { token: string; hosts: Set<string>; origins: Set<string> },
): GuardVerdict;
/** Sets CORS headers for an allowed Origin only. */
export declare function applyCors(req: IncomingMessage, res: ServerResponse, origins: Set<string>): void;
/** Answers a preflight: 204, methods, headers, Private-Network. */
export declare function answerPreflight(res: ServerResponse): void;
