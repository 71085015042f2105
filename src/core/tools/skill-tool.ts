/**
 * Skills offered to the model, the way agents use them: one local tool, `use_skill`, whose
 * description lists each offered skill's name and description (in the context of every request),
 * and whose call returns the skill's SKILL.md body, or one of its files, only when the model asks.
 * What it returns was verified against the skill's entry (size, digest, frontmatter) by core/mcp;
 * a skill that fails verification is refused, never handed to the model.
 */
import type { LoadedSkill } from '../mcp';
import { isPlainObject } from '../shared/json';
import { Listeners } from '../shared/listeners';
import { ToolFailure } from './tool-error';
import type { CallToolResultLike, LocalToolDefinition } from './types';

/** The local tool's name. */
const SKILL_TOOL_NAME = 'use_skill';

/** A skill the person offered to the model. */
export interface OfferedSkill {
  server: string;
  /** Its SKILL.md URI. */
  uri: string;
  name: string;
  description: string;
}

/** The skills offered to the model, in the order offered. Framework-free: subscribe/getSnapshot. */
export class SkillOffers {
  private readonly listeners = new Listeners();
  private offers: readonly OfferedSkill[] = Object.freeze([]);

  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The offered skills (same array until something changes). */
  getSnapshot = (): readonly OfferedSkill[] => this.offers;

  /** True when the skill at `uri` of `server` is offered. */
  isOffered(server: string, uri: string): boolean {
    return this.offers.some((offer) => offer.server === server && offer.uri === uri);
  }

  /** Offers a skill (again: its name and description are replaced). */
  offer(skill: OfferedSkill): void {
    this.set([...this.offers.filter((offer) => !(offer.server === skill.server && offer.uri === skill.uri)), { ...skill }]);
  }

  /** Withdraws a skill. */
  withdraw(server: string, uri: string): void {
    if (this.isOffered(server, uri)) this.set(this.offers.filter((offer) => !(offer.server === server && offer.uri === uri)));
  }

  /** Withdraws every skill of a server not in `servers` (disconnected or removed). */
  keepServers(servers: ReadonlySet<string>): void {
    if (this.offers.some((offer) => !servers.has(offer.server))) this.set(this.offers.filter((offer) => servers.has(offer.server)));
  }

  private set(offers: OfferedSkill[]): void {
    this.offers = Object.freeze(offers);
    this.listeners.notify();
  }
}

/** The name the model uses for each offered skill: its own, or `name@server` when two servers offer the same name. */
export function skillKeys(offers: readonly OfferedSkill[]): Map<string, OfferedSkill> {
  const keys = new Map<string, OfferedSkill>();
  for (const offer of offers) {
    const shared = offers.filter((other) => other.name === offer.name).length > 1;
    keys.set(shared ? `${offer.name}@${offer.server}` : offer.name, offer);
  }
  return keys;
}

/** Loads (or returns the already loaded) verified skill; rejects with the refusal when it fails verification. */
export type OpenSkill = (server: string, uri: string, context: { signal: AbortSignal; toolCallId?: string }) => Promise<LoadedSkill>;

function text(value: string, isError = false): CallToolResultLike {
  return { content: [{ type: 'text', text: value }], ...(isError && { isError: true }) };
}

/** The `use_skill` tool over the skills offered now (build it again when the offers change). */
export function createSkillTool(offers: readonly OfferedSkill[], open: OpenSkill): LocalToolDefinition {
  const keys = skillKeys(offers);
  const listing = [...keys].map(([key, offer]) => `- ${key}: ${offer.description}`).join('\n');
  return {
    name: SKILL_TOOL_NAME,
    title: 'Use a skill',
    description: `Loads the instructions of a skill when the task matches its description; follow them after reading. Skills available:\n${listing}`,
    inputSchema: {
      type: 'object',
      properties: {
        skill: { type: 'string', enum: [...keys.keys()], description: 'The skill to load.' },
        file: {
          type: 'string',
          description:
            "Optional: the URI of one of the skill's other files (listed when the skill is loaded), to read it instead of SKILL.md.",
        },
      },
      required: ['skill'],
      additionalProperties: false,
    },
    annotations: { title: 'Use a skill', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, context): Promise<CallToolResultLike> {
      if (context.signal.aborted) throw new ToolFailure('cancelled');
      const key = isPlainObject(args) && typeof args.skill === 'string' ? args.skill : undefined;
      const offer = key === undefined ? undefined : keys.get(key);
      if (!offer) return text(`"skill" must be one of: ${[...keys.keys()].join(', ')}.`, true);
      let skill: LoadedSkill;
      try {
        skill = await open(offer.server, offer.uri, context);
      } catch (error) {
        return text(`The skill "${key}" could not be used: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      const file = isPlainObject(args) && typeof args.file === 'string' ? args.file : undefined;
      if (file !== undefined) {
        const found = skill.files.find((item) => item.uri === file);
        if (!found || found.text === undefined)
          return text(
            `"${file}" is not a text file of the skill "${key}". Its files: ${skill.files.map((item) => item.uri).join(', ')}.`,
            true,
          );
        return text(found.text);
      }
      const others = skill.files.slice(1).map((item) => `- ${item.uri} (${item.size} bytes)`);
      return text(
        `${skill.body.trimEnd()}${others.length > 0 ? `\n\nOther files of this skill (read one with "file"):\n${others.join('\n')}` : ''}`,
      );
    },
  };
}
