import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';
/** One skill: its entry's files (`listed`) and what `resources/read` serves (`served`), by path. */
export interface TestSkill {
  name: string;
  description: string;
  listed: Record<string, string>;
  served: Record<string, string>;
}
/** code-review, release-notes (good); tampered-digest, resized-file, frontmatter-drift (refused); quiet-helper (verified, flagged by the guard). */
export declare const SKILLS: readonly TestSkill[];
/** `skill://<name>/<path>`. */
export declare function fileUri(skill: TestSkill, path: string): string;
/** Starts the skills server (both eras, stateless) at /mcp; port 0 picks a free port; `listing: false` refuses `skills/list`. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions; listing?: boolean }): Promise<RunningServer>;
