import { describe, expect, it } from 'vitest';
import { RememberingTokenStore } from './remembering-token-store';
import { MemoryTokenStore } from './token-store';
import type { TokenRecord } from './token-store';

const RECORD: TokenRecord = {
  serverUrl: 'https://mcp.example.com/mcp',
  issuer: 'https://auth.example.com',
  accessToken: 'access-1',
  tokenType: 'Bearer',
  clientId: 'c',
  clientSource: 'dynamic',
};

describe('RememberingTokenStore', () => {
  it('keeps tokens in memory only unless the person asked to remember them', async () => {
    const durable = new MemoryTokenStore();
    let remember = false;
    let opened = 0;
    const store = new RememberingTokenStore(
      async () => (opened++, durable),
      () => remember,
    );
    await store.set(RECORD);
    expect(await durable.get(RECORD.serverUrl)).toBeUndefined();
    expect(opened).toBe(0);
    remember = true;
    await store.set({ ...RECORD, accessToken: 'access-2' });
    expect((await durable.get(RECORD.serverUrl))?.accessToken).toBe('access-2');
    // A new page (a new store) finds the remembered record.
    const nextPage = new RememberingTokenStore(
      async () => durable,
      () => true,
    );
    expect((await nextPage.get(RECORD.serverUrl))?.accessToken).toBe('access-2');
    await store.forgetDurable([RECORD.serverUrl]);
    expect(await durable.get(RECORD.serverUrl)).toBeUndefined();
    expect(opened).toBe(1);
  });
});
