import { memoryStorage, type KeyValueStorage } from '../shared/key-value-storage';
import { describe, expect, it, vi } from 'vitest';
import { createReminderTool, REMINDER_STORAGE_KEY, ReminderStore } from './local-tools';
import { projectToolResult } from './project-result';
import { ToolFailure } from './tool-error';
import { validateArguments } from './validate-arguments';

function makeStore(storage: KeyValueStorage = memoryStorage()) {
  let counter = 0;
  return new ReminderStore({
    storage,
    now: () => new Date('2026-03-14T08:00:00.000Z'),
    newId: () => `r-${++counter}`,
  });
}

const context = () => ({ signal: new AbortController().signal });

describe('ReminderStore', () => {
  it('adds, lists and removes reminders, notifying subscribers', () => {
    const store = makeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    const reminder = store.add({ text: 'Buy milk', when: 'tomorrow 9am' });
    expect(reminder).toEqual({ id: 'r-1', text: 'Buy milk', when: 'tomorrow 9am', createdAt: '2026-03-14T08:00:00.000Z' });
    expect(store.getSnapshot()).toEqual([reminder]);
    expect(store.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);

    expect(store.remove('nope')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.remove('r-1')).toBe(true);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('round-trips through storage', () => {
    const storage = memoryStorage();
    const first = makeStore(storage);
    first.add({ text: 'A', when: '2026-03-15T09:00:00+01:00' });
    first.add({ text: 'B', when: 'Friday' });
    expect(JSON.parse(storage.data.get(REMINDER_STORAGE_KEY) ?? 'null')).toMatchObject({
      version: 1,
      reminders: [{ id: 'r-1' }, { id: 'r-2' }],
    });
    const second = makeStore(storage);
    expect(second.getSnapshot()).toEqual(first.getSnapshot());
  });

  it('survives broken stored data and failing storage', () => {
    const broken = makeStore(memoryStorage({ [REMINDER_STORAGE_KEY]: 'nope' }));
    expect(broken.getSnapshot()).toEqual([]);
    expect(broken.lastProblem).toBe('Stored reminders are not valid JSON; starting empty.');

    const partly = makeStore(
      memoryStorage({
        [REMINDER_STORAGE_KEY]: JSON.stringify({ version: 1, reminders: [{ id: 'x', text: 't', when: 'w', createdAt: 'c' }, { id: 1 }] }),
      }),
    );
    expect(partly.getSnapshot().map((reminder) => reminder.id)).toEqual(['x']);
    expect(partly.lastProblem).toContain('1 stored reminder(s)');

    const failing = makeStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    failing.add({ text: 'kept in memory', when: 'now' });
    expect(failing.getSnapshot()).toHaveLength(1);
    expect(failing.lastProblem).toContain('QuotaExceededError');
  });
});

describe('add_reminder tool', () => {
  it('is a valid local tool whose schema accepts what run accepts', () => {
    const tool = createReminderTool(makeStore());
    expect(tool.name).toBe('add_reminder');
    expect(validateArguments(tool.inputSchema, { text: 'Call Sam', when: 'tomorrow' })).toEqual({ ok: true });
    expect(validateArguments(tool.inputSchema, { text: '' })).toMatchObject({
      ok: false,
      summary: '"when" is required; "text" must be at least 1 characters long (has 0)',
    });
  });

  it('saves a reminder and answers in MCP result shape', async () => {
    const store = makeStore();
    const tool = createReminderTool(store);
    const result = await tool.run({ text: '  Call Sam ', when: '2026-03-15T10:00:00+01:00' }, context());
    expect(store.getSnapshot()).toEqual([
      { id: 'r-1', text: 'Call Sam', when: '2026-03-15T10:00:00+01:00', createdAt: '2026-03-14T08:00:00.000Z' },
    ]);
    expect(projectToolResult(result).modelResult).toEqual({
      parts: [{ type: 'text', text: 'Reminder saved (id r-1): "Call Sam" — when: 2026-03-15T10:00:00+01:00.' }],
      isError: false,
    });
  });

  it('returns an error result for bad arguments without saving', async () => {
    const store = makeStore();
    const result = await createReminderTool(store).run({ text: 3, when: 'x'.repeat(500) }, context());
    expect(result).toEqual({
      content: [{ type: 'text', text: '"text" must be a non-empty string; "when" must be at most 200 characters long.' }],
      isError: true,
    });
    expect(store.getSnapshot()).toEqual([]);
  });

  it('does nothing once cancelled', async () => {
    const store = makeStore();
    const controller = new AbortController();
    controller.abort();
    await expect(createReminderTool(store).run({ text: 'a', when: 'b' }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    await expect(createReminderTool(store).run({ text: 'a', when: 'b' }, { signal: controller.signal })).rejects.toBeInstanceOf(
      ToolFailure,
    );
    expect(store.getSnapshot()).toEqual([]);
  });
});
