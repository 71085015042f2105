/**
 * The tools follow the MCP connections: a connected server's tools are offered to the model (and
 * observed by the policies, for pins), others are withdrawn; the guard scans what the connected
 * servers tell the model; the `use_skill` local tool follows the skills on offer.
 */
import type { GuardSkillText, GuardStore } from '../guard';
import type { ConnectionManager, ServerState } from '../mcp';
import { createSkillTool, type SkillOffers } from './skill-tool';
import type { PolicyStore } from './tool-policy';
import { LOCAL_SERVER, type ToolRegistry } from './tool-registry';

/** What following the connections keeps up to date. */
export interface FollowConnectionsOptions {
  connections: Pick<ConnectionManager, 'getSnapshot' | 'subscribe'>;
  registry: ToolRegistry;
  policies: Pick<PolicyStore, 'observeTools'>;
  skillOffers: Pick<SkillOffers, 'keepServers'>;
  guard: Pick<GuardStore, 'update'>;
}

/**
 * Keeps the registry, the policies' observations, the skill offers and the guard in step with the
 * connections, from now on. Each server's list is converted only when it changed (the states are
 * immutable), not on every state change of every server: ten servers connecting would otherwise
 * convert 10 × 10 lists.
 */
export function followConnections({ connections, registry, policies, skillOffers, guard }: FollowConnectionsOptions): void {
  const offeredLists = new Map<string, ServerState['tools']>();
  connections.subscribe(() => {
    const offered = new Set<string>();
    for (const server of connections.getSnapshot().servers) {
      if (server.status === 'connected') {
        if (offeredLists.get(server.name) !== server.tools) {
          registry.setServerTools(server.name, server.tools);
          policies.observeTools(server.name, server.tools);
        }
        offeredLists.set(server.name, server.tools);
        offered.add(server.name);
      }
    }
    for (const name of [...offeredLists.keys()]) {
      if (!offered.has(name)) offeredLists.delete(name);
    }
    skillOffers.keepServers(offered);
    for (const tool of registry.getSnapshot().tools) {
      if (tool.origin === 'mcp' && !offered.has(tool.server)) registry.removeServer(tool.server);
    }
    const connected = connections.getSnapshot().servers.filter((server) => offered.has(server.name));
    guard.update(
      connected.map((server) => ({
        server: server.name,
        tools: server.tools,
        ...(server.instructions !== undefined ? { instructions: server.instructions } : {}),
        ...(server.prompts ? { prompts: server.prompts } : {}),
        ...(server.resources ? { resources: server.resources } : {}),
        ...(server.resourceTemplates ? { resourceTemplates: server.resourceTemplates } : {}),
        ...(server.skills ? { skills: skillTexts(server) } : {}),
      })),
      registry.toolsOf(LOCAL_SERVER).map((tool) => ({ server: LOCAL_SERVER, name: tool.remoteName })),
    );
  });
}

/** A server's skills as the guard reads them, SKILL.md bodies once loaded (the same array while its skills and loads stay the same). */
const skillTextCache = new WeakMap<object, { loads: ServerState['skillLoads']; texts: GuardSkillText[] }>();
function skillTexts(server: Pick<ServerState, 'skills' | 'skillLoads'>): GuardSkillText[] {
  const skills = server.skills ?? [];
  const cached = skillTextCache.get(skills);
  if (cached && cached.loads === server.skillLoads) return cached.texts;
  const texts = skills.map((skill) => {
    const load = server.skillLoads?.[skill.uri];
    return {
      uri: skill.uri,
      name: skill.name,
      description: skill.description,
      ...(load?.status === 'loaded' && { body: load.skill.body }),
    };
  });
  skillTextCache.set(skills, { loads: server.skillLoads, texts });
  return texts;
}

/**
 * The `use_skill` local tool follows the offers: rebuilt when they change (its description lists
 * them), withdrawn when none is left. A call loads the skill through its server's connection
 * (already loaded: no read; otherwise read and verified now).
 */
export function offerSkills(offers: SkillOffers, registry: ToolRegistry, connections: Pick<ConnectionManager, 'get'>): void {
  let withdraw: (() => void) | undefined;
  offers.subscribe(() => {
    withdraw?.();
    withdraw = undefined;
    const offered = offers.getSnapshot();
    if (offered.length === 0) return;
    withdraw = registry.registerLocalTool(
      createSkillTool(offered, (server, uri, context) => {
        const connection = connections.get(server);
        if (!connection || connection.getState().status !== 'connected')
          return Promise.reject(new Error(`Server "${server}" is not connected`));
        return connection.skills.open(uri, context);
      }),
    );
  });
}
