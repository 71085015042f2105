/** Resolves after `ms` milliseconds, or rejects when `signal` aborts first. */
export declare function delay(ms: number, signal?: AbortSignal): Promise<void>;
