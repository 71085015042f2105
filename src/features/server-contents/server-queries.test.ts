import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ContentChanges } from '../../core/mcp';
import { contentKeys, invalidateOnChanges, staleKeysOf } from './server-queries';

/** A query client with one observed read per key, counting the fetches of each. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetches = new Map<string, number>();
  const observe = async (queryKey: readonly unknown[]) => {
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        const key = JSON.stringify(queryKey);
        fetches.set(key, (fetches.get(key) ?? 0) + 1);
        return fetches.get(key);
      },
    });
    // Subscribing fetches it once, as a panel showing it does.
    observer.subscribe(() => undefined);
    await until(() => (fetches.get(JSON.stringify(queryKey)) ?? 0) >= 1);
  };
  const count = (queryKey: readonly unknown[]) => fetches.get(JSON.stringify(queryKey)) ?? 0;
  return { client, observe, count };
}

async function until(check: () => boolean, ms = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const README = contentKeys.resource('everything', 'demo://readme');
const OTHER = contentKeys.resource('everything', 'demo://other');
const ELSEWHERE = contentKeys.resource('library', 'demo://readme');
const PROMPT = contentKeys.prompt('everything', 'greet', { name: 'Ada' });

describe('content changes → react-query', () => {
  it('maps each change to the keys it makes stale, within its own server', () => {
    expect(staleKeysOf('everything', { kind: 'resource-updated', uri: 'demo://readme' })).toEqual([README]);
    expect(staleKeysOf('everything', { kind: 'resources-listed' })).toEqual([['mcp', 'everything', 'resource']]);
    expect(staleKeysOf('everything', { kind: 'prompts-listed' })).toEqual([['mcp', 'everything', 'prompt']]);
  });

  it('reads again, without being asked, the resource a subscription update names, and only it', async () => {
    const { client, observe, count } = setup();
    for (const key of [README, OTHER, ELSEWHERE, PROMPT]) await observe(key);
    const changes = new ContentChanges();
    const stop = invalidateOnChanges(client, 'everything', changes);

    changes.emit({ kind: 'resource-updated', uri: 'demo://readme' });
    await until(() => count(README) === 2);
    expect([count(OTHER), count(ELSEWHERE), count(PROMPT)]).toEqual([1, 1, 1]);

    changes.emit({ kind: 'resources-listed' });
    await until(() => count(README) === 3 && count(OTHER) === 2);
    expect([count(ELSEWHERE), count(PROMPT)]).toEqual([1, 1]);

    changes.emit({ kind: 'prompts-listed' });
    await until(() => count(PROMPT) === 2);

    stop();
    changes.emit({ kind: 'resource-updated', uri: 'demo://readme' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count(README)).toBe(3);
    client.clear();
  });
});
