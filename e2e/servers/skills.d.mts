import type { McpServer } from '@modelcontextprotocol/server';
import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Server name and version reported in serverInfo. */
export declare const SKILLS_SERVER_INFO: { name: 'skills'; version: string };
/** The extension id, `io.modelcontextprotocol/skills`. */
export declare const SKILLS_EXTENSION: string;
/** Skills per `skills/list` page. */
export declare const SKILLS_PAGE_SIZE: number;
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
/** The entry `skills/list` and `skills/get` send for a skill. */
export declare function entryOf(skill: TestSkill): {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: Array<{ uri: string; digest: string; size: number }>;
};
/** Builds one skills McpServer; `listing: false` leaves out `skills/list`. */
export declare function createSkillsServer(options?: { listing?: boolean }): McpServer;
/** Starts the skills server (both eras, stateless) at /mcp; port 0 picks a free port; `listing: false` refuses `skills/list`. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions; listing?: boolean }): Promise<RunningServer>;
