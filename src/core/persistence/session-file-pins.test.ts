import { memoryStorage } from '../shared/key-value-storage';
import { describe, expect, it } from 'vitest';
import { PolicyStore } from '../tools';
import { conversationData, createOfflineSession, syncLog } from './__fixtures__/session-fixtures';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from './session-file';

describe('pinned tool definitions in the session file', () => {
  it('go into an export and come back from it, hashes recomputed, broken ones listed as problems', () => {
    const policies = new PolicyStore({ storage: memoryStorage(), now: () => 5 });
    policies.observeTools('math', [{ name: 'add', description: 'Adds two numbers.', inputSchema: { type: 'object' } }]);
    policies.setPolicy('math', 'add', 'allow');
    const session = createOfflineSession();
    session.importData(conversationData());
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: session.exportData(),
      traffic: syncLog().getSnapshot(),
      appVersion: 't',
      now: 0,
      toolPins: policies.getSnapshot().pins,
    });
    expect(file.toolPins).toEqual([
      {
        server: 'math',
        tool: 'add',
        hash: policies.getSnapshot().pins[0]?.hash,
        pinnedAt: 5,
        definition: { name: 'add', description: 'Adds two numbers.', inputSchema: { type: 'object' } },
      },
    ]);

    const parsed = parseSessionFile(serializeSessionFile(file));
    expect(parsed.problems).toEqual([]);
    expect(parsed.file?.toolPins).toEqual(file.toolPins);

    const tampered = JSON.parse(serializeSessionFile(file)) as { toolPins: unknown[] };
    tampered.toolPins = [{ ...(tampered.toolPins[0] as object), hash: 'forged' }, 'junk'];
    const reread = parseSessionFile(JSON.stringify(tampered));
    expect(reread.file?.toolPins?.[0]?.hash).toBe(file.toolPins?.[0]?.hash);
    expect(reread.problems).toEqual(['1 pinned tool definition was not understood and left out.']);
  });

  it('a file from before pins has none, and no problem', () => {
    const session = createOfflineSession();
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: session.exportData(),
      traffic: syncLog().getSnapshot(),
      appVersion: 't',
      now: 0,
    });
    expect(file.toolPins).toBeUndefined();
    const parsed = parseSessionFile(serializeSessionFile(file));
    expect(parsed.problems).toEqual([]);
    expect(parsed.file?.toolPins).toBeUndefined();
  });
});
