/** A raw HTTP request with any headers (node:http), for the headless server check. */
export declare function rawHttp(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string>; body: string }>;
