/**
 * The skills capability (extension `io.modelcontextprotocol/skills`, SEP-2640): declares the
 * extension, lists a declaring server's skills (`skills/list`, every page) and loads one on demand
 * (`skills/get` when it is not listed, then its files through `resources/read`, verified by
 * skills/load-skill). Nothing of a skill is read before it is loaded: not on connect, not on listing.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { McpCall } from '../call-registry';
import { readResourceContents } from './listed-items';
import type { CapabilityHost, CapabilityLoad, CapabilityModule } from './capability';
import { ANY_OBJECT_RESULT } from './task-wire';
import { declaresSkills, readSkillEntries, readSkillEntry, SKILLS_EXTENSION_ID } from '../skills/skill-entry';
import type { SkillEntry } from '../skills/skill-entry';
import { SkillError } from '../skills/skill-error';
import { loadSkill } from '../skills/load-skill';
import type { LoadedSkill, SkillLoad } from '../skills/load-skill';

/** Most `skills/list` pages followed (a server whose cursors never end stops here). */
const MAX_SKILL_PAGES = 50;

/** Where a load comes from: the agent tool call it serves (recorded with its reads), and the caller's signal. */
export interface SkillLoadOptions {
  toolCallId?: string;
  signal?: AbortSignal;
}

/** Runs a listing; any failure but an abort becomes a warning and an empty list. */
async function listOrWarnAny(method: string, signal: AbortSignal, list: () => Promise<unknown[]>, warnings: string[]): Promise<unknown[]> {
  try {
    return await list();
  } catch (error) {
    if (signal.aborted) throw error;
    warnings.push(
      `${method} failed: ${error instanceof Error ? error.message : String(error)}. The server declares the skills extension; its skills are not shown.`,
    );
    return [];
  }
}

/** The skills capability of one connection. */
export class SkillsCapability implements CapabilityModule {
  readonly name = 'skills';
  readonly loadMethods = ['skills/list'] as const;
  private entries: SkillEntry[] = [];
  private loads: Record<string, SkillLoad> = {};
  private warnings: readonly string[] = [];

  constructor(private readonly host: CapabilityHost) {}

  /** Tells the server this client hosts skills. */
  clientOptions() {
    return { capabilities: { extensions: { [SKILLS_EXTENSION_ID]: {} } } };
  }

  /** Lists the skills of a server that declares the extension (no file is read). */
  async load(client: Client, call: McpCall): Promise<CapabilityLoad> {
    this.loads = {};
    if (!declaresSkills(client.getServerCapabilities() as Record<string, unknown> | undefined)) {
      this.entries = [];
      this.warnings = [];
      return { state: { skills: undefined, skillLoads: undefined }, warnings: [] };
    }
    const options = { timeout: this.host.timeoutMs(), signal: call.controller.signal };
    const warnings: string[] = [];
    // A server that declares the extension and refuses skills/list (a JSON-RPC error, or the v2
    // SDK's HTTP 404 for an unknown method): a warning; the extension must not cost the connection.
    const listed = await listOrWarnAny(
      'skills/list',
      call.controller.signal,
      async () => {
        const pages: unknown[] = [];
        const seen = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; page < MAX_SKILL_PAGES; page++) {
          const result = await client.request(
            { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
            ANY_OBJECT_RESULT,
            options,
          );
          if (Array.isArray(result.skills)) pages.push(...(result.skills as unknown[]));
          cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
          if (cursor === undefined) break;
          if (seen.has(cursor)) {
            warnings.push(`skills/list repeated the cursor "${cursor}"; the listing stops there.`);
            break;
          }
          seen.add(cursor);
        }
        return pages;
      },
      warnings,
    );
    const { entries, problems } = readSkillEntries(listed);
    for (const problem of problems) warnings.push(`A listed skill cannot be used: ${problem}.`);
    this.entries = entries;
    this.warnings = warnings;
    return { state: { skills: entries, skillLoads: this.loads }, warnings };
  }

  /**
   * Loads a skill by its SKILL.md URI: reads and verifies its files (see loadSkill). Resolves with
   * the loaded skill; a refusal rejects with its SkillError. A loaded skill is not read again.
   */
  async open(uri: string, options: SkillLoadOptions = {}): Promise<LoadedSkill> {
    const current = this.loads[uri];
    if (current?.status === 'loaded') return current.skill;
    this.publish(uri, { status: 'loading' });
    try {
      const entry = this.entries.find((item) => item.uri === uri) ?? (await this.get(uri, options));
      const skill = await loadSkill(entry, (fileUri) => this.read(fileUri, options));
      this.publish(uri, { status: 'loaded', skill });
      return skill;
    } catch (error) {
      if (error instanceof SkillError) {
        const { code, message, file, expected, actual } = error;
        this.publish(uri, {
          status: 'refused',
          error: { code, message, file, ...(expected !== undefined && { expected }), ...(actual !== undefined && { actual }) },
        });
      } else this.publish(uri, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** `skills/get`: the entry of one skill by URI (one the listing did not hold). */
  private async get(uri: string, options: SkillLoadOptions): Promise<SkillEntry> {
    const result = await this.host.request({ methods: ['skills/get'], ...options }, (client, call) =>
      client.request({ method: 'skills/get', params: { uri } }, ANY_OBJECT_RESULT, {
        signal: call.controller.signal,
        timeout: this.host.timeoutMs(),
      }),
    );
    const entry = readSkillEntry(result.skill);
    if (typeof entry === 'string' || entry.uri !== uri)
      throw new SkillError(
        'skill-not-found',
        `${uri}: skills/get answered no usable entry for this skill${typeof entry === 'string' ? ` (${entry})` : ''}.`,
        { file: uri },
      );
    return entry;
  }

  /** `resources/read` of one skill file, on the wire (never from the SDK's cache). */
  private read(uri: string, options: SkillLoadOptions) {
    return this.host.request({ methods: ['resources/read'], ...options }, async (client, call) => {
      const result = await client.readResource(
        { uri },
        { signal: call.controller.signal, timeout: this.host.timeoutMs(), cacheMode: 'bypass' },
      );
      return readResourceContents(result.contents);
    });
  }

  private publish(uri: string, load: SkillLoad): void {
    this.loads = { ...this.loads, [uri]: load };
    this.host.loaded(this.name, { state: { skillLoads: this.loads }, warnings: this.warnings });
  }
}
