/**
 * The findings on every connected server's text, kept current as servers connect and their
 * lists change. Framework-free: subscribe/getSnapshot. Each server is rescanned only when its
 * own text or the other servers' tool names changed (states are immutable, so identity tells).
 */
import { Store } from '../shared/store';
import { otherToolIndex, scanServer, type GuardServerText, type OtherTool } from './scan-server';
import type { GuardFinding } from './types';

/** An immutable view of the findings; a new object after every change. */
export interface GuardSnapshot {
  /** Every finding, servers in the order given. */
  findings: readonly GuardFinding[];
}

/** The findings of one tool (by its name on its server). */
export function findingsOfTool(snapshot: GuardSnapshot, server: string, tool: string): GuardFinding[] {
  return snapshot.findings.filter(
    (finding) => finding.server === server && finding.subject.type === 'tool' && finding.subject.name === tool,
  );
}

/** Holds the findings of the servers last given to `update`. */
export class GuardStore extends Store<GuardSnapshot> {
  private cache = new Map<string, { input: GuardServerText; othersKey: string; findings: GuardFinding[] }>();

  constructor() {
    super(Object.freeze({ findings: Object.freeze([]) }));
  }

  /**
   * Scans the given servers (the connected ones); `extraTools` are tools that belong to no server
   * given here (the page's own), named in shadowing findings all the same.
   */
  update(servers: readonly GuardServerText[], extraTools: readonly OtherTool[] = []): void {
    const all: OtherTool[] = [
      ...extraTools,
      ...servers.flatMap((server) => server.tools.map((tool) => ({ server: server.server, name: tool.name }))),
    ];
    const index = otherToolIndex(all);
    const othersKey = [...index].map(([name, server]) => `${server}\u0000${name}`).join('\u0001');
    const next = new Map<string, { input: GuardServerText; othersKey: string; findings: GuardFinding[] }>();
    let changed = servers.length !== this.cache.size;
    for (const input of servers) {
      const cached = this.cache.get(input.server);
      if (cached && cached.othersKey === othersKey && sameText(cached.input, input)) {
        next.set(input.server, cached);
        continue;
      }
      next.set(input.server, { input, othersKey, findings: scanServer(input, all) });
      changed = true;
    }
    this.cache = next;
    if (!changed) return;
    this.publish(Object.freeze({ findings: Object.freeze([...next.values()].flatMap((entry) => entry.findings)) }));
  }
}

/** True when two inputs hold the very same lists and instructions. */
function sameText(a: GuardServerText, b: GuardServerText): boolean {
  return (
    a.tools === b.tools &&
    a.instructions === b.instructions &&
    a.prompts === b.prompts &&
    a.resources === b.resources &&
    a.resourceTemplates === b.resourceTemplates &&
    a.skills === b.skills
  );
}
