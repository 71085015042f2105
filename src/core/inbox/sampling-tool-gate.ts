/**
 * Tool use inside sampling (`sampling.tools`, 2025-11-25) through the chat's gate. The client does
 * not run these tools: it returns the model's `tool_use` blocks and the server runs them (then asks
 * again with the results). So the gate sits before the reply goes back: each tool use is decided
 * by the person's tool policy for that server and tool name (the same store and keys the chat's
 * calls use), and where the policy says `ask`, by the person (allow once, always allow, deny).
 * A denied use is taken out of the reply, with a note in its place, so the server never runs it.
 */
import type { ApprovalDecision, ToolCallDecision } from '../agent';
import type { CreateMessageContent, CreateMessageResult, SamplingTool } from '../sampling';
import type { PolicyStore } from '../tools';

/** How a tool use stands: waiting for the person, or decided (as the chat's calls are), or refused as not offered. */
export type SamplingToolUseDecision = 'pending' | ToolCallDecision | 'not-offered';

/** One `tool_use` of the model's sampling reply and the decision on it. */
export interface SamplingToolUse {
  /** The model's tool use id. */
  id: string;
  name: string;
  input: Record<string, unknown>;
  decision: SamplingToolUseDecision;
}

/** The part of the tool policies the gate uses. */
export type SamplingToolPolicies = Pick<PolicyStore, 'effectivePolicy' | 'setPolicy' | 'pin'>;

/** The reply's content as a list. */
function blocks(result: CreateMessageResult): CreateMessageContent[] {
  return Array.isArray(result.content) ? result.content : [result.content];
}

/**
 * The tool uses of a reply with their first decisions: the server's policy for the tool (`allow`,
 * `deny`), else pending; a tool the server did not offer in this request is refused outright.
 */
export function gateToolUses(
  result: CreateMessageResult,
  offered: readonly SamplingTool[],
  server: string,
  policies: SamplingToolPolicies,
): SamplingToolUse[] {
  const names = new Set(offered.map((tool) => tool.name));
  return blocks(result).flatMap((block): SamplingToolUse[] => {
    if (block.type !== 'tool_use') return [];
    const use = { id: block.id, name: block.name, input: block.input };
    if (!names.has(block.name)) return [{ ...use, decision: 'not-offered' }];
    const policy = policies.effectivePolicy(server, block.name);
    return [{ ...use, decision: policy === 'allow' ? 'allowed-by-policy' : policy === 'deny' ? 'denied-by-policy' : 'pending' }];
  });
}

/**
 * The person's decision on one pending tool use, applied as the chat applies it: `always` sets
 * the tool's policy to allow, `once` pins the definition. Returns the new list, or undefined when
 * no pending use has this id.
 */
export function decideToolUse(
  uses: readonly SamplingToolUse[],
  toolUseId: string,
  decision: ApprovalDecision,
  server: string,
  policies: SamplingToolPolicies,
): SamplingToolUse[] | undefined {
  const use = uses.find((entry) => entry.id === toolUseId);
  if (use?.decision !== 'pending') return undefined;
  if (decision === 'always') policies.setPolicy(server, use.name, 'allow');
  else if (decision === 'once') policies.pin(server, use.name);
  const decided: ToolCallDecision = decision === 'always' ? 'always-allowed' : decision === 'once' ? 'allowed-once' : 'denied';
  return uses.map((entry) => (entry.id === toolUseId ? { ...entry, decision: decided } : entry));
}

/** True while a tool use waits for the person (the reply cannot go back yet). */
export function hasPendingToolUse(uses: readonly SamplingToolUse[] | undefined): boolean {
  return uses?.some((use) => use.decision === 'pending') ?? false;
}

/** True when the decision lets the server run the tool. */
export function isAllowed(decision: SamplingToolUseDecision): boolean {
  return decision === 'allowed-by-policy' || decision === 'allowed-once' || decision === 'always-allowed';
}

/** The note that stands in for a refused tool use in the reply, so the server (and its model) knows why. */
export function refusedToolUseNote(use: SamplingToolUse): string {
  const why =
    use.decision === 'not-offered'
      ? 'the server did not offer this tool'
      : use.decision === 'denied-by-policy'
        ? 'its tool policy is "deny"'
        : 'the person denied it';
  return `[Glassbox did not return the tool use ${use.name} (${use.id}): ${why}.]`;
}

/**
 * The result that goes back to the server: allowed tool uses kept, each refused one replaced by a
 * note. With no tool use left, the stop reason is `endTurn` (nothing is left for the server to run).
 */
export function resultToReturn(result: CreateMessageResult, uses: readonly SamplingToolUse[]): CreateMessageResult {
  const byId = new Map(uses.map((use) => [use.id, use]));
  const content = blocks(result).map((block): CreateMessageContent => {
    const use = block.type === 'tool_use' ? byId.get(block.id) : undefined;
    return use && !isAllowed(use.decision) ? { type: 'text', text: refusedToolUseNote(use) } : block;
  });
  const kept = content.some((block) => block.type === 'tool_use');
  return {
    ...result,
    content: content.length === 1 && content[0] !== undefined ? content[0] : content,
    stopReason: kept || result.stopReason !== 'toolUse' ? result.stopReason : 'endTurn',
  };
}
