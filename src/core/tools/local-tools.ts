/**
 * Glassbox's own tools, run in the page rather than on a server. `add_reminder` is the example
 * from the seed drawing: the agent's own function beside the MCP stand-ins, with the same
 * result shape, so the model cannot tell the two kinds apart.
 */
import { isPlainObject } from '../shared/json';
import { ToolFailure } from './tool-error';
import type { CallToolResultLike, KeyValueStorage, LocalToolDefinition } from './types';

/** One saved reminder. */
export interface Reminder {
  id: string;
  text: string;
  /** When to remind, as the model wrote it (ISO 8601 preferred, free text allowed). */
  when: string;
  /** ISO 8601 time of creation. */
  createdAt: string;
}

/** Options for ReminderStore. I/O (storage, clock, ids) is injected. */
export interface ReminderStoreOptions {
  storage: KeyValueStorage;
  /** Storage key. Default is `glassbox.reminders.v1`. */
  storageKey?: string;
  /** Current time. Default is `() => new Date()`. */
  now?: () => Date;
  /** New reminder ids. Default is `crypto.randomUUID()`. */
  newId?: () => string;
}

/** Default storage key of ReminderStore. */
export const REMINDER_STORAGE_KEY = 'glassbox.reminders.v1';

/** Longest reminder text accepted. */
const MAX_REMINDER_TEXT = 1_000;
/** Longest `when` accepted. */
const MAX_REMINDER_WHEN = 200;

function isReminder(value: unknown): value is Reminder {
  return (
    isPlainObject(value) &&
    typeof value.id === 'string' &&
    typeof value.text === 'string' &&
    typeof value.when === 'string' &&
    typeof value.createdAt === 'string'
  );
}

/** The person's reminders, persisted through injected storage. Framework-free. */
export class ReminderStore {
  private readonly storage: KeyValueStorage;
  private readonly storageKey: string;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly listeners = new Set<() => void>();
  private reminders: readonly Reminder[];
  private problem: string | undefined;

  constructor(options: ReminderStoreOptions) {
    this.storage = options.storage;
    this.storageKey = options.storageKey ?? REMINDER_STORAGE_KEY;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
    this.reminders = Object.freeze(this.restore());
  }

  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The reminders, oldest first (same array until something changes). */
  getSnapshot = (): readonly Reminder[] => this.reminders;

  /** A problem reading or saving reminders, if there was one (the store keeps working in memory). */
  get lastProblem(): string | undefined {
    return this.problem;
  }

  /** Saves a new reminder and returns it. */
  add(input: { text: string; when: string }): Reminder {
    const reminder: Reminder = Object.freeze({
      id: this.newId(),
      text: input.text,
      when: input.when,
      createdAt: this.now().toISOString(),
    });
    this.update([...this.reminders, reminder]);
    return reminder;
  }

  /** Deletes a reminder; false when there was none with this id. */
  remove(id: string): boolean {
    const next = this.reminders.filter((reminder) => reminder.id !== id);
    if (next.length === this.reminders.length) return false;
    this.update(next);
    return true;
  }

  private update(next: Reminder[]): void {
    this.reminders = Object.freeze(next);
    try {
      this.storage.setItem(this.storageKey, JSON.stringify({ version: 1, reminders: next }));
      this.problem = undefined;
    } catch (error) {
      this.problem = `Saving reminders failed (${error instanceof Error ? error.message : String(error)}); they last until the page is closed.`;
    }
    for (const listener of [...this.listeners]) listener();
  }

  private restore(): Reminder[] {
    let text: string | null;
    try {
      text = this.storage.getItem(this.storageKey);
    } catch (error) {
      this.problem = `Stored reminders could not be read (${error instanceof Error ? error.message : String(error)}).`;
      return [];
    }
    if (text === null) return [];
    try {
      const data: unknown = JSON.parse(text);
      if (!isPlainObject(data) || data.version !== 1 || !Array.isArray(data.reminders)) {
        this.problem = 'Stored reminders have an unknown format; starting empty.';
        return [];
      }
      const valid = data.reminders
        .filter(isReminder)
        .map((reminder) => Object.freeze({ id: reminder.id, text: reminder.text, when: reminder.when, createdAt: reminder.createdAt }));
      if (valid.length < data.reminders.length) {
        this.problem = `${data.reminders.length - valid.length} stored reminder(s) were not understood and ignored.`;
      }
      return valid;
    } catch {
      this.problem = 'Stored reminders are not valid JSON; starting empty.';
      return [];
    }
  }
}

/** The `add_reminder` input schema (what both providers receive). */
const REMINDER_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    text: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_REMINDER_TEXT,
      description: 'What to remind the person of, in a short sentence.',
    },
    when: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_REMINDER_WHEN,
      description:
        'When to remind them: an ISO 8601 date-time with offset if you know it (2026-03-14T09:00:00+01:00), otherwise their own words ("tomorrow morning").',
    },
  },
  required: ['text', 'when'],
  additionalProperties: false,
};

/** Creates the local `add_reminder(text, when)` tool, saving into `store`. */
export function createReminderTool(store: ReminderStore): LocalToolDefinition {
  return {
    name: 'add_reminder',
    title: 'Add reminder',
    description:
      "Saves a reminder in this browser. The person sees it in Glassbox's reminder list; nothing is sent anywhere and no notification fires by itself.",
    inputSchema: REMINDER_SCHEMA,
    annotations: { title: 'Add reminder', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, context): Promise<CallToolResultLike> {
      if (context.signal.aborted) throw new ToolFailure('cancelled');
      const problem = checkReminderArguments(args);
      if (problem) {
        // MCP convention: input mistakes come back as a tool result with isError.
        return { content: [{ type: 'text', text: problem }], isError: true };
      }
      const { text, when } = args as { text: string; when: string };
      const reminder = store.add({ text: text.trim(), when: when.trim() });
      return {
        content: [{ type: 'text', text: `Reminder saved (id ${reminder.id}): "${reminder.text}" — when: ${reminder.when}.` }],
      };
    },
  };
}

/** A sentence describing what is wrong with the arguments, or undefined when they are fine. */
function checkReminderArguments(args: unknown): string | undefined {
  if (!isPlainObject(args)) return 'The arguments must be an object with "text" and "when".';
  const problems: string[] = [];
  for (const [field, max] of [
    ['text', MAX_REMINDER_TEXT],
    ['when', MAX_REMINDER_WHEN],
  ] as const) {
    const value = args[field];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`"${field}" must be a non-empty string`);
    else if (value.length > max) problems.push(`"${field}" must be at most ${max} characters long`);
  }
  return problems.length > 0 ? `${problems.join('; ')}.` : undefined;
}
