/**
 * Which connection each stdio entry of the config gets once a bridge is paired: the bridge's MCP
 * endpoint with its bearer token (then it is just another streamable HTTP server to the MCP core),
 * or a note saying what to run. Servers the bridge serves that the pasted config does not name are
 * added, so a paired bridge shows its whole file. Pure: config entries and the bridge's view in,
 * config entries out.
 */
import type { ServerConfig } from '../config';
import { displayCommandLine } from '../secrets';
import { bridgeEndpoint } from './endpoint';
import type { BridgeServerInfo } from './bridge-client';

/** What routing needs to know of the bridge. */
export interface BridgeRouteView {
  /** The paired bridge (undefined: none paired). The token is a secret: it goes only into the Authorization header. */
  pairing?: { url: string; token: string };
  /** The servers it serves, once it answered (undefined: it has not answered yet). */
  servers?: readonly Pick<BridgeServerInfo, 'name' | 'command' | 'args'>[];
  /** Why it does not answer, when it does not (a sentence for the card). */
  problem?: string;
  /** This page's URL, for the command to run (`--app`). */
  appUrl: string;
}

/** Where a server with no place in the text is said to be written. */
const NOWHERE = { line: 0, column: 0, offset: 0, length: 0 } as const;

/** The two ways to start the bridge, for a note. */
function bridgeCommands(appUrl: string): string {
  return `npx glassbox-bridge <your file> --app ${appUrl} (or npm run bridge -- <your file> from a clone of Glassbox)`;
}

/** The config's entries with the stdio ones routed through the bridge (or given a note), then the bridge's other servers. */
export function routeThroughBridge(servers: readonly ServerConfig[], view: BridgeRouteView): ServerConfig[] {
  const { pairing } = view;
  const served = new Map((view.servers ?? []).map((server) => [server.name, server]));
  const routed = servers.map((server): ServerConfig => {
    if (server.status !== 'needs-local-process') return server;
    const commandLine = displayCommandLine(server.command ?? '', server.args ?? []);
    if (pairing && served.has(server.name)) return throughBridge(server, pairing);
    if (!pairing) {
      return {
        ...server,
        localProcessNote: {
          title: 'Needs a local process',
          detail: `"${commandLine}" is a stdio server: a browser cannot start it. Run it through glassbox-bridge, which serves your file's stdio servers to this page on loopback: ${bridgeCommands(view.appUrl)}, then open the pair link it prints. ${server.suggestedUrl ? `Or connect to ${server.suggestedUrl} directly.` : 'A stdio-to-HTTP gateway works too.'}`,
        },
      };
    }
    if (view.servers === undefined && view.problem === undefined) {
      return {
        ...server,
        localProcessNote: {
          title: 'Waiting for the bridge',
          detail: `"${commandLine}" runs through the bridge at ${pairing.url}, which has not answered yet.`,
        },
      };
    }
    if (view.servers === undefined) {
      return {
        ...server,
        localProcessNote: {
          title: 'The bridge does not answer',
          detail: `"${commandLine}" runs through the bridge at ${pairing.url}, which does not answer${view.problem ? `: ${view.problem}` : '.'} Start it again (${bridgeCommands(view.appUrl)}) and open the pair link it prints.`,
        },
      };
    }
    const names = [...served.keys()];
    return {
      ...server,
      localProcessNote: {
        title: 'Not served by the paired bridge',
        detail: `The bridge at ${pairing.url} does not serve "${server.name}" (it serves ${names.length > 0 ? names.map((name) => `"${name}"`).join(', ') : 'nothing'}): it was started with another file. To run "${commandLine}", start the bridge with the file that has it: ${bridgeCommands(view.appUrl)}.`,
      },
    };
  });
  if (!pairing || view.servers === undefined) return routed;
  const named = new Set(servers.map((server) => server.name));
  for (const server of view.servers) {
    if (named.has(server.name)) continue;
    routed.push(
      throughBridge(
        {
          name: server.name,
          transport: 'stdio',
          headers: {},
          disabled: false,
          status: 'needs-local-process',
          command: server.command,
          args: [...server.args],
          placeholders: [],
          range: { ...NOWHERE },
        },
        pairing,
      ),
    );
  }
  return routed;
}

/** A stdio entry as an entry of the bridge's endpoint. */
function throughBridge(server: ServerConfig, pairing: { url: string; token: string }): ServerConfig {
  return {
    ...server,
    transport: 'streamable-http',
    status: 'ok',
    url: bridgeEndpoint(pairing.url, server.name),
    headers: { ...server.headers, Authorization: `Bearer ${pairing.token}` },
    viaBridge: { bridgeUrl: pairing.url },
  };
}
