import { describe, expect, it } from 'vitest';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from '../../core/persistence';
import { conversationData, createOfflineSession, recordTurn, syncLog } from '../../core/persistence/__fixtures__/session-fixtures';
import { createImportedView } from './imported-view';

function exportedFile() {
  const log = syncLog();
  recordTurn(log);
  const session = createOfflineSession();
  session.importData(conversationData());
  const { file } = buildSessionFile({
    configText: '{}',
    conversation: session.exportData(),
    traffic: log.getSnapshot(),
    appVersion: 'test',
    now: 0,
  });
  return parseSessionFile(serializeSessionFile(file)).file!;
}

describe('createImportedView', () => {
  it('shows the file in its own stores', () => {
    const view = createImportedView(exportedFile(), 'session.json', ['Traffic: something was skipped.']);
    expect(view.log.getSnapshot().exchangeCount).toBe(2);
    expect(view.log.getSnapshot().messageCount).toBe(2);
    expect(view.session.getSnapshot().items.map((item) => item.kind)).toEqual(['user', 'assistant', 'tool-call', 'assistant']);
    expect(view.problems).toEqual(['Traffic: something was skipped.']);
    expect(view.fileName).toBe('session.json');
  });

  it('never runs a turn: sending and retrying leave the conversation and the log as they were', async () => {
    const view = createImportedView(exportedFile(), 'session.json', []);
    await view.session.send('one more question');
    await view.session.retry();
    expect(view.session.getSnapshot().items).toHaveLength(4);
    expect(view.session.getSnapshot().running).toBe(false);
    expect(view.log.getSnapshot().exchangeCount).toBe(2);
  });
});
