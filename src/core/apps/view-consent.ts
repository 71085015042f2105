/**
 * What an MCP App view asks the person, and how a view's tool call is decided. A view's call to a
 * tool of its server goes through the same policy as the model's calls (the person's choice per
 * server and tool, pinned, asked again when the definition changed since it was allowed). Where
 * the policy says ask, the person answers Allow once (pins the definition), Always allow (sets the
 * tool's policy to allow, as the tool registry's control does) or Deny. A view that polls asks the
 * same question again and again while the first waits: identical questions waiting at the same
 * time are one card with a count, answered together.
 */
import { Store } from '../shared/store';
import type { PolicyStore, ToolAnnotations } from '../tools';

/** What a view asks for: a tool call of its server, a resource read, a link to open. */
export interface ViewQuestion {
  kind: 'tool' | 'resource' | 'link';
  title: string;
  /** The arguments, the URI or the URL, shown in full as text; part of what makes two questions identical. */
  detail: string;
  /** The tool's name on its server, for a tool call (Always allow sets its policy). */
  tool?: string;
}

/** A question waiting for the person: `count` identical ones asked while it waits. */
export interface WaitingQuestion extends ViewQuestion {
  id: string;
  count: number;
}

/** The person's answer: Allow once, Always allow (tool calls only), Deny (the chat's approval answers, by the same words). */
export type ViewAnswer = 'once' | 'always' | 'deny';

/** The waiting questions of one view, each with the callers waiting for its answer. */
export class ViewConsentQueue extends Store<readonly WaitingQuestion[]> {
  private readonly resolvers = new Map<string, Array<(answer: ViewAnswer) => void>>();
  private nextId = 1;

  constructor() {
    super([]);
  }

  /** The waiting questions, oldest first (same array until something changes). */
  private get waiting(): readonly WaitingQuestion[] {
    return this.getSnapshot();
  }

  /** Asks the person; a question identical to one already waiting joins it (its count goes up). */
  ask(question: ViewQuestion): Promise<ViewAnswer> {
    return new Promise((resolve) => {
      const same = this.waiting.find(
        (item) =>
          item.kind === question.kind && item.title === question.title && item.detail === question.detail && item.tool === question.tool,
      );
      if (same) {
        this.resolvers.get(same.id)?.push(resolve);
        this.update(this.waiting.map((item) => (item === same ? { ...item, count: item.count + 1 } : item)));
        return;
      }
      const id = `q${this.nextId++}`;
      this.resolvers.set(id, [resolve]);
      this.update([...this.waiting, { ...question, id, count: 1 }]);
    });
  }

  /**
   * Answers a waiting question, and every identical one it stands for. Always allow on a tool call
   * answers every other waiting call of that tool too: its policy now lets them run.
   */
  answer(id: string, answer: ViewAnswer): void {
    const question = this.waiting.find((item) => item.id === id);
    if (question === undefined) return;
    const answered = this.waiting.filter(
      (item) =>
        item === question || (answer === 'always' && question.kind === 'tool' && item.kind === 'tool' && item.tool === question.tool),
    );
    this.update(this.waiting.filter((item) => !answered.includes(item)));
    for (const item of answered) {
      for (const resolve of this.resolvers.get(item.id) ?? []) resolve(answer);
      this.resolvers.delete(item.id);
    }
  }

  /** Denies everything still waiting (the view is gone). */
  close(): void {
    for (const item of this.waiting) this.answer(item.id, 'deny');
  }

  private update(next: readonly WaitingQuestion[]): void {
    this.publish(next);
  }
}

/** The policies a view's tool call is decided by (the model's: same store, same keys). */
export type ViewToolPolicies = Pick<PolicyStore, 'effectivePolicy' | 'setPolicy' | 'pin'>;

/** What deciding a view's tool call needs. */
export interface ViewToolCall {
  server: string;
  tool: string;
  annotations?: ToolAnnotations;
  args: Record<string, unknown>;
}

/** A view's tool call decided: run it, or not, and why. */
export type ViewToolDecision =
  { run: true; decision: 'allowed-by-policy' | 'allowed-once' | 'always-allowed' } | { run: false; reason: string };

/**
 * Decides a view's tool call as the model's calls are decided: the policy's allow runs it, deny
 * refuses it, ask puts the question to the person (through `queue`). Allowing pins the definition
 * (once) or sets the policy to allow (always), so a changed definition asks again.
 */
export async function decideViewToolCall(
  call: ViewToolCall,
  policies: ViewToolPolicies,
  queue: Pick<ViewConsentQueue, 'ask'>,
): Promise<ViewToolDecision> {
  const { server, tool } = call;
  const policy = policies.effectivePolicy(server, tool, call.annotations);
  if (policy === 'allow') return { run: true, decision: 'allowed-by-policy' };
  if (policy === 'deny') return { run: false, reason: `The tool policy for ${server}/${tool} is "deny"; the call was not made.` };
  const answer = await queue.ask({
    kind: 'tool',
    title: `The view asks to call ${tool}`,
    detail: JSON.stringify(call.args, null, 2),
    tool,
  });
  if (answer === 'deny') return { run: false, reason: `The person did not allow ${tool}.` };
  if (answer === 'always') policies.setPolicy(server, tool, 'allow');
  else policies.pin(server, tool);
  return { run: true, decision: answer === 'always' ? 'always-allowed' : 'allowed-once' };
}
