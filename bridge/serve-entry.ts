/**
 * One stdio entry of a config file served over loopback HTTP by the bridge's own server, with a
 * fresh token, for a headless command that talks to it for a while (`npm run check`). Built beside
 * the CLI into bridge/dist/serve-entry.mjs, so a script imports the built bridge, never its source.
 */
import { homedir } from 'node:os';
import { basename, dirname } from 'node:path';
import { readBridgeConfig } from './config-entry';
import { createToken } from './guards';
import { startBridge } from './server';

/** A served entry: its MCP endpoint, the header that opens it, and how to stop it. */
export interface ServedEntry {
  url: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

/** Serves the entry `name` of the config `text` read from `file`; throws with the reason when the bridge cannot serve it. */
export async function serveStdioEntry(
  file: string,
  text: string,
  name: string,
  environment: Readonly<Record<string, string | undefined>>,
): Promise<ServedEntry> {
  const folder = dirname(file);
  const config = readBridgeConfig(text, environment, {
    workspaceFolder: basename(folder) === '.vscode' ? dirname(folder) : folder,
    userHome: homedir(),
  });
  const server = config.servers.find((candidate) => candidate.name === name);
  if (!server) throw new Error(config.skipped.find((skipped) => skipped.name === name)?.reason ?? 'the bridge cannot serve it');
  const token = createToken();
  const bridge = await startBridge({ servers: [server], origins: [], token });
  return {
    url: `${bridge.url}/servers/${encodeURIComponent(name)}/mcp`,
    headers: { authorization: `Bearer ${token}` },
    close: () => bridge.close(),
  };
}
