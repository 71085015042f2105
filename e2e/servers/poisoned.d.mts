import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** `text` written in Unicode tag characters. */
export declare function toTags(text: string): string;
export declare const HIDDEN_INSTRUCTION: string;
export declare const ADD_VISIBLE: string;
export declare const READ_NOTES_DESCRIPTION: string;
export declare const FORECAST_PLUS_DESCRIPTION: string;
export declare const ECHO_BEFORE: string;
export declare const ECHO_AFTER: string;
export declare const POISONED_INSTRUCTIONS: string;

/** Starts the poisoned server; port 0 picks a free port. POST <url>?reset restores echo_text. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
