/**
 * The bridge's reading of a config file: the stdio entries of an mcp.json in any dialect Glassbox
 * reads (src/core/config does the reading), plus what only a process needs and the page never sees:
 * each entry's `env` and `cwd`. Built into bridge/dist/cli.mjs with the rest of the bridge (bridge/vite.config.ts).
 */
import type { Node as JsonNode } from 'jsonc-parser';
import { parseMcpConfig } from '../src/core/config/parse-mcp-config';
import { textToParse } from '../src/core/config/fragment';
import { parseJsonText } from '../src/core/config/parse-json-text';
import { ProblemList } from '../src/core/config/problem-list';
import { locateServers } from '../src/core/config/locate-servers';
import { fieldsOf } from '../src/core/config/server-fields';
import { lastPropertiesOf } from '../src/core/config/json-tree';
import { resolvePlaceholders } from './resolve-placeholders';

/** What starts a process: a program, its arguments, its own variables and folder. */
export interface LaunchFields {
  command: string;
  args: string[];
  /** The entry's own variables (secrets, often): passed to the child and nowhere else. */
  env: Record<string, string>;
  cwd?: string;
}

/** One stdio server the bridge may start: only ever from the file named on its command line. */
export interface StdioEntry extends LaunchFields {
  name: string;
  /** The same fields with their `${…}` placeholders filled (what is spawned; never shown: a filled value may be a secret). */
  launch: LaunchFields;
}

/** An entry of the file the bridge does not serve, and why (no values quoted: they may be secrets). */
export interface SkippedEntry {
  name: string;
  reason: string;
}

/** What the bridge serves from a file: its stdio entries, the rest with a reason, and errors that stop it. */
export interface BridgeConfig {
  servers: StdioEntry[];
  skipped: SkippedEntry[];
  /** Why the file cannot be used at all (not JSON, not an MCP config), empty when it can. */
  errors: string[];
}

/**
 * Reads a config text into the bridge's stdio entries. Never throws. `environment` (the bridge's
 * own) fills `${env:NAME}`, `${NAME}` and `${NAME:-default}` placeholders; `variables` VS Code's
 * `${workspaceFolder}` and `${userHome}`.
 */
export function readBridgeConfig(
  text: string,
  environment: Readonly<Record<string, string | undefined>> = {},
  variables: Readonly<Record<string, string | undefined>> = {},
): BridgeConfig {
  const { config, problems } = parseMcpConfig(text);
  if (config === null) {
    return {
      servers: [],
      skipped: [],
      errors: problems.filter((problem) => problem.severity === 'error').map((problem) => `line ${problem.line}: ${problem.code}`),
    };
  }
  // The same located entries parseMcpConfig read, in the same order, for the fields it leaves out.
  const { parsedText, shift } = textToParse(text);
  const scratch = new ProblemList(text, shift);
  const { root } = parseJsonText(parsedText, scratch);
  const entries = root === undefined ? [] : locateServers(root, scratch).entries;

  const byName = new Map<string, StdioEntry>();
  const skipped = new Map<string, SkippedEntry>();
  config.servers.forEach((server, index) => {
    const node = entries[index]?.valueNode;
    byName.delete(server.name);
    skipped.delete(server.name);
    const skip = (reason: string) => skipped.set(server.name, { name: server.name, reason });
    if (server.transport !== 'stdio') return skip(`not a local process (${server.transport} at its URL): connect to it directly`);
    if (server.disabled) return skip('disabled in the file');
    if (server.command === undefined || server.command.trim() === '') return skip('no command');
    if (server.status === 'invalid') {
      const lines = problems
        .filter((problem) => problem.severity === 'error' && problem.server === server.name)
        .map((problem) => `line ${problem.line}: ${problem.code}`);
      return skip(`invalid entry (${lines.join(', ') || 'see the file'})`);
    }
    const extra = node === undefined ? {} : readProcessFields(node);
    const written: LaunchFields = { command: server.command, args: server.args ?? [], ...extra, env: extra.env ?? {} };
    const launch = resolvePlaceholders(written, environment, config.inputs, variables);
    if (!launch.ok) {
      const asks = launch.missing.some((raw) => raw.startsWith('${input:'));
      return skip(
        `needs ${launch.missing.join(', ')}: ${asks ? 'the bridge cannot ask for an input, write the value into the file' : "set it in the bridge's environment, or write the value into the file"}`,
      );
    }
    byName.set(server.name, { name: server.name, ...written, launch: launch.value });
  });
  return { servers: [...byName.values()], skipped: [...skipped.values()], errors: [] };
}

/** `env` (Opencode: `environment`; Zed's older shape: `command.env`) and `cwd` of one entry. */
function readProcessFields(serverNode: JsonNode): { env?: Record<string, string>; cwd?: string } {
  const fields = fieldsOf(serverNode);
  const commandNode = fields.get('command')?.valueNode;
  const zedEnv = commandNode?.type === 'object' ? lastPropertiesOf(commandNode).get('env')?.valueNode : undefined;
  const envNode = fields.get('env')?.valueNode ?? fields.get('environment')?.valueNode ?? zedEnv;
  const env: Record<string, string> = {};
  if (envNode?.type === 'object') {
    for (const [key, property] of lastPropertiesOf(envNode)) {
      const value = property.valueNode?.value;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') env[key] = String(value);
    }
  }
  const cwd = fields.get('cwd')?.valueNode?.value;
  return { env, ...(typeof cwd === 'string' && cwd !== '' ? { cwd } : {}) };
}
